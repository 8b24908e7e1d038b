// The checkout on one page, pure: identification, delivery address (filled from the CEP when the
// look-up answers), shipping option, payment, review and 'Finalizar pedido'. Errors show at each
// field, in Portuguese; the server's errors arrive as `serverError` and land on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';

import {
  CheckoutSteps,
  EmptyState,
  deliveryText,
  type CartLineData,
  type ShippingOptionData,
  describeInstallments,
} from '../../../components/storefront';
import { formatBRL, formatDate, pluralize } from '../../../format';
import { maskCep, maskCpf, maskPhone, onlyDigits, UFS } from '../../../forms/br';
import { CartSummary, type CartSummaryData } from '../Cart/CartSummary';
import { storefrontPaths } from '../shared/paths';
import {
  CHECKOUT_FIELD_ORDER,
  checkoutSchema,
  EMPTY_CHECKOUT,
  type CheckoutError,
  type CheckoutField,
  type CheckoutInput,
  type CheckoutValues,
  type PaymentMethodValue,
} from './checkoutForm';
import {
  CARD_FIELD_ORDER,
  cardErrors,
  installmentChoices,
  type CardField,
  type CardFieldValues,
} from './payment/card';
import { CardFields } from './payment/CardFields';

const CARD_UNAVAILABLE_TEXT =
  'Pagamento com cartão indisponível no momento. Escolha Pix ou boleto.';

export const CHECKOUT_STEPS = [
  { id: 'identification', label: 'Identificação' },
  { id: 'delivery', label: 'Entrega' },
  { id: 'payment', label: 'Pagamento' },
  { id: 'review', label: 'Revisão' },
];

export interface CepLookupState {
  /** The CEP (8 digits) this state is about. */
  postalCode: string;
  status: 'loading' | 'found' | 'not-found';
  address?: { street: string; district: string; city: string; uf: string } | null;
}

export interface PaymentMethodChoice {
  method: PaymentMethodValue;
  label: string;
}

/** A line whose stock fell between the cart and now, with the fix offered. */
export interface CheckoutStockProblem {
  message: string;
  /** 'Ajustar para 2 unidades' or 'Remover da sacola'. */
  fixLabel: string;
  onFix: () => void;
}

export interface CheckoutViewProps {
  status: 'loading' | 'empty' | 'ready' | 'error';
  /** The draft kept from before (or a story's values). */
  defaultValues?: Partial<CheckoutInput>;
  lines: CartLineData[];
  summary: CartSummaryData | null;
  /** Totals being re-priced (new CEP, other shipping). */
  updating?: boolean;
  /** null until a CEP is known. */
  shippingOptions: ShippingOptionData[] | null;
  /** The option the server priced (the cheapest when none was chosen). */
  pricedShippingMethodId?: string | null;
  paymentMethods: PaymentMethodChoice[];
  cepLookup?: CepLookupState | null;
  /** A well-formed CEP was typed: look it up and price shipping for it. */
  onPostalCodeChange: (postalCode: string) => void;
  onShippingMethodChange: (methodId: string) => void;
  onPaymentMethodChange?: (method: PaymentMethodValue) => void;
  /** Every change, to keep a draft. */
  onDraftChange?: (values: Partial<CheckoutInput>) => void;
  onSubmit: (values: CheckoutValues) => void;
  /** placeOrder is on its way: the button is disabled. */
  sending?: boolean;
  serverError?: CheckoutError | null;
  stockProblems?: CheckoutStockProblem[];
  onRetryLoad?: () => void;
  /** The gateway's card SDK could not load: card is out for now, Pix and boleto still work. */
  cardUnavailable?: boolean;
  /** Today, for the boleto's due date (stories and tests pass a fixed one). */
  now?: () => number;
}

/** The boleto's due date as placeOrder sets it: three days from now. */
export const BOLETO_DUE_DAYS = 3;

interface FormContext {
  /** The server's installment offer for this total (cartPreview). */
  maxInstallments: number;
}

// The schema checks everything but the card; the card is checked only when paying by card.
const checkoutResolver: Resolver<CheckoutInput, FormContext, CheckoutValues> = async (
  values,
  context,
  options,
) => {
  const result = await zodResolver(checkoutSchema)(values, context, options);
  if (values.paymentMethod !== 'CARD') return result;
  const card = Object.entries(cardErrors(values, context?.maxInstallments ?? 1)) as [
    CardField,
    string,
  ][];
  if (card.length === 0) return result;
  const errors: FieldErrors<CheckoutInput> = { ...result.errors };
  for (const [name, message] of card) errors[name] ??= { type: 'card', message };
  return { values: {}, errors };
};

const PAYMENT_TEXT: Record<PaymentMethodValue, { title: string; icon: ReactNode }> = {
  PIX: { title: 'Pix', icon: <PixGlyph /> },
  CARD: { title: 'Cartão de crédito', icon: <CreditCardOutlined /> },
  BOLETO: { title: 'Boleto bancário', icon: <ReceiptLongOutlined /> },
};

function PixGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden focusable="false">
      <path
        fill="#32bcad"
        d="M17.6 17.2a2.9 2.9 0 0 1-2.1-.9l-3-3a.6.6 0 0 0-.8 0l-3 3a2.9 2.9 0 0 1-2.1.9H6l3.8 3.8a3 3 0 0 0 4.3 0l3.8-3.8zM6.6 6.8c.8 0 1.5.3 2.1.9l3 3c.2.2.6.2.8 0l3-3a2.9 2.9 0 0 1 2.1-.9h.4L14.1 3a3 3 0 0 0-4.3 0L6 6.8zm14.4 3.1-2.3-2.3h-1.1c-.5 0-1 .2-1.4.6l-3 3a1.4 1.4 0 0 1-2 0l-3-3c-.4-.4-.9-.6-1.4-.6H5.3L3 9.9a3 3 0 0 0 0 4.3l2.3 2.3h1.3c.5 0 1-.2 1.4-.6l3-3c.5-.5 1.4-.5 2 0l3 3c.4.4.9.6 1.4.6h1.1l2.3-2.3a3 3 0 0 0 0-4.3"
      />
    </svg>
  );
}

function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  onBlur,
  icon,
  title,
  detail,
  price,
  highlight = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  onBlur: () => void;
  icon: ReactNode;
  title: string;
  detail: string;
  price?: ReactNode;
  highlight?: boolean;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'grid',
        gridTemplateColumns: price === undefined ? 'auto auto 1fr' : 'auto auto 1fr auto',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 60,
        px: 2,
        py: 1.25,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        boxShadow: (theme) => (checked ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none'),
        bgcolor: checked ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        cursor: 'pointer',
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& input': {
          width: 18,
          height: 18,
          m: 0,
          accentColor: (theme) => theme.palette.primary.main,
        },
        '& > svg': { color: 'text.secondary' },
      }}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        onBlur={onBlur}
      />
      {icon}
      <span>
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {title}
        </Box>
        <Box
          component="span"
          sx={{
            display: 'block',
            fontSize: '0.8125rem',
            color: highlight ? 'success.dark' : 'text.secondary',
            fontWeight: highlight ? 600 : 400,
          }}
        >
          {detail}
        </Box>
      </span>
      {price === undefined ? null : (
        <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {price}
        </Box>
      )}
    </Box>
  );
}

function Section({
  number,
  title,
  children,
  id,
}: {
  number: number;
  title: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography
        id={`${id}-title`}
        variant="h6"
        component="h2"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.25, fontWeight: 700, mb: 2.5 }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.875rem',
          }}
        >
          {number}
        </Box>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const fieldGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' },
} as const;

function span(columns: number) {
  return { gridColumn: { sm: `span ${columns}` } };
}

function OrderLines({ lines }: { lines: CartLineData[] }) {
  return (
    <Box component="ul" aria-label="Itens do pedido" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.variantId}
          sx={{
            display: 'grid',
            gridTemplateColumns: '56px 1fr auto',
            gap: 1.5,
            alignItems: 'center',
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            sx={{
              width: 56,
              height: 70,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'grey.100',
              '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
            }}
          >
            {line.imageUrl ? <img src={line.imageUrl} alt="" loading="lazy" /> : null}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {line.productName}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {line.variantLabel} · {pluralize(line.quantity, 'unidade', 'unidades')}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatBRL(line.lineTotalCents)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function applyServerErrors(
  serverError: CheckoutError | null | undefined,
  setError: UseFormSetError<CheckoutInput>,
) {
  if (serverError?.kind !== 'fields') return;
  const fields = [...CHECKOUT_FIELD_ORDER, ...CARD_FIELD_ORDER].filter(
    (field) => serverError.fields[field],
  );
  fields.forEach((field, index) => {
    setError(
      field,
      { type: 'server', message: serverError.fields[field] },
      { shouldFocus: index === 0 },
    );
  });
}

export function CheckoutView({
  status,
  defaultValues,
  lines,
  summary,
  updating = false,
  shippingOptions,
  pricedShippingMethodId = null,
  paymentMethods,
  cepLookup = null,
  onPostalCodeChange,
  onShippingMethodChange,
  onPaymentMethodChange,
  onDraftChange,
  onSubmit,
  sending = false,
  serverError = null,
  stockProblems = [],
  onRetryLoad,
  cardUnavailable = false,
  now = Date.now,
}: CheckoutViewProps) {
  const form = useForm<CheckoutInput, FormContext, CheckoutValues>({
    resolver: checkoutResolver,
    context: { maxInstallments: summary?.installments.count ?? 1 },
    mode: 'onTouched',
    defaultValues: { ...EMPTY_CHECKOUT, ...defaultValues },
  });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = form;
  const values = useWatch({ control });

  // Keep a draft of every keystroke.
  useEffect(() => {
    onDraftChange?.(values as Partial<CheckoutInput>);
  }, [values, onDraftChange]);

  // The server's errors land on their fields; the first one gets the focus.
  useEffect(() => {
    applyServerErrors(serverError, setError);
  }, [serverError, setError]);

  // Fill the address once the look-up answers for the CEP in the field.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (cepLookup?.status !== 'found' || !cepLookup.address) return;
    if (onlyDigits(getValues('postalCode')) !== cepLookup.postalCode) return;
    if (filledFor.current === cepLookup.postalCode) return;
    filledFor.current = cepLookup.postalCode;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    setValue('street', cepLookup.address.street, options);
    setValue('district', cepLookup.address.district, options);
    setValue('city', cepLookup.address.city, options);
    setValue('uf', cepLookup.address.uf, options);
  }, [cepLookup, getValues, setValue]);

  // The chosen shipping must be one the server offers for this CEP.
  const optionIds = shippingOptions?.map((option) => option.methodId).join(',') ?? '';
  useEffect(() => {
    if (!shippingOptions || shippingOptions.length === 0) return;
    const current = getValues('shippingMethodId');
    if (shippingOptions.some((option) => option.methodId === current)) return;
    const next = pricedShippingMethodId ?? shippingOptions[0]?.methodId ?? '';
    setValue('shippingMethodId', next, { shouldValidate: false });
    onShippingMethodChange(next);
    // optionIds stands for the options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionIds, pricedShippingMethodId]);

  // A method the store stopped offering falls back to Pix.
  const offered = paymentMethods.map((item) => item.method).join(',');
  useEffect(() => {
    if (!offered.split(',').includes(getValues('paymentMethod'))) setValue('paymentMethod', 'PIX');
  }, [offered, getValues, setValue]);

  if (status === 'empty') {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <EmptyState
          icon={<ShoppingBagOutlined />}
          headingLevel="h1"
          title="Sua sacola está vazia"
          description={<p>Adicione produtos à sacola para finalizar uma compra.</p>}
          actions={
            <Button
              component={RouterLink}
              to={storefrontPaths.home}
              variant="contained"
              size="large"
            >
              Ver produtos
            </Button>
          }
        />
      </Container>
    );
  }
  if (status === 'error') {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <EmptyState
          headingLevel="h1"
          title="Não foi possível carregar o checkout"
          description={
            <p>
              Seus itens e o que você já preencheu continuam guardados. Tente de novo em instantes.
            </p>
          }
          actions={
            <>
              {onRetryLoad ? (
                <Button variant="contained" size="large" onClick={onRetryLoad}>
                  Tentar novamente
                </Button>
              ) : null}
              <Button
                component={RouterLink}
                to={storefrontPaths.cart}
                variant="outlined"
                size="large"
              >
                Voltar para a sacola
              </Button>
            </>
          }
        />
      </Container>
    );
  }

  const identificationDone = ['name', 'email', 'cpf', 'phone'].every(
    (field) => checkoutSchema.shape[field as 'name'].safeParse(values[field as 'name']).success,
  );
  const deliveryDone =
    identificationDone &&
    (['postalCode', 'street', 'number', 'district', 'city', 'uf'] as const).every(
      (field) => checkoutSchema.shape[field].safeParse(values[field]).success,
    ) &&
    Boolean(values.shippingMethodId);
  const activeStep = deliveryDone ? 3 : identificationDone ? 1 : 0;
  const payingByPix = values.paymentMethod === 'PIX';
  const boletoDue = now() + BOLETO_DUE_DAYS * 86_400_000;
  const canSubmit =
    status === 'ready' && stockProblems.length === 0 && paymentMethods.length > 0 && !sending;
  const lookupMessage =
    cepLookup && onlyDigits(values.postalCode ?? '') === cepLookup.postalCode
      ? cepLookup.status === 'loading'
        ? 'Buscando endereço…'
        : cepLookup.status === 'not-found'
          ? 'Não encontramos este CEP: preencha o endereço abaixo.'
          : null
      : null;

  const textField = (
    name: Exclude<
      CheckoutField,
      'cpf' | 'phone' | 'postalCode' | 'uf' | 'shippingMethodId' | 'paymentMethod'
    >,
    label: string,
    extra: {
      autoComplete: string;
      columns: number;
      optional?: boolean;
      type?: string;
      inputMode?: 'email' | 'text';
    },
  ) => {
    const message = errors[name]?.message;
    return (
      <TextField
        {...register(name)}
        label={extra.optional ? `${label} (opcional)` : label}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        required={!extra.optional}
        error={message !== undefined}
        helperText={message}
        sx={span(extra.columns)}
        slotProps={{
          htmlInput: {
            ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
            'aria-required': !extra.optional,
          },
        }}
      />
    );
  };

  const maskedField = (
    name: 'cpf' | 'phone' | 'postalCode',
    label: string,
    mask: (input: string) => string,
    extra: {
      autoComplete: string;
      columns: number;
      placeholder: string;
      onComplete?: (value: string) => void;
      end?: ReactNode;
    },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          inputRef={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => {
            const masked = mask(event.target.value);
            field.onChange(masked);
            extra.onComplete?.(masked);
          }}
          label={label}
          required
          autoComplete={extra.autoComplete}
          placeholder={extra.placeholder}
          error={fieldState.error !== undefined}
          helperText={
            fieldState.error?.message ?? (name === 'postalCode' ? lookupMessage : undefined)
          }
          sx={span(extra.columns)}
          slotProps={{
            htmlInput: { inputMode: name === 'phone' ? 'tel' : 'numeric', 'aria-required': true },
            input: extra.end ? { endAdornment: extra.end } : {},
          }}
        />
      )}
    />
  );

  const stockAlert =
    stockProblems.length > 0 ? (
      <Alert severity="error" role="alert" sx={{ alignItems: 'flex-start' }}>
        <AlertTitle>Um item da sua sacola acabou de mudar</AlertTitle>
        {stockProblems.map((problem) => (
          <Box key={problem.message} sx={{ mb: 1 }}>
            <Box component="p" sx={{ m: 0, mb: 1 }}>
              {problem.message}
            </Box>
            <Button
              variant="contained"
              color="error"
              onClick={problem.onFix}
              sx={{ minHeight: 44 }}
            >
              {problem.fixLabel}
            </Button>
          </Box>
        ))}
        <Link
          component={RouterLink}
          to={storefrontPaths.cart}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          Voltar para a sacola
        </Link>
      </Alert>
    ) : null;

  const generalAlert =
    serverError &&
    serverError.kind !== 'stock' &&
    (serverError.kind !== 'fields' || serverError.message) ? (
      <Alert severity={serverError.kind === 'network' ? 'warning' : 'error'} role="alert">
        {serverError.kind === 'fields' ? serverError.message : serverError.message}
      </Alert>
    ) : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}
        >
          Finalizar compra
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          <LockOutlined sx={{ fontSize: 18 }} aria-hidden />
          Ambiente seguro
        </Typography>
      </Box>
      <CheckoutSteps steps={CHECKOUT_STEPS} activeStep={activeStep} sx={{ mb: 3 }} />
      <Box
        component="form"
        noValidate
        aria-label="Finalizar compra"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          void handleSubmit(onSubmit)(event);
        }}
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {stockAlert}
          <Section number={1} title="Identificação" id="checkout-identification">
            <Box sx={fieldGrid}>
              {textField('name', 'Nome completo', { autoComplete: 'name', columns: 6 })}
              {textField('email', 'E-mail', {
                autoComplete: 'email',
                columns: 6,
                type: 'email',
                inputMode: 'email',
              })}
              {maskedField('cpf', 'CPF', maskCpf, {
                autoComplete: 'off',
                columns: 3,
                placeholder: '000.000.000-00',
              })}
              {maskedField('phone', 'Celular', maskPhone, {
                autoComplete: 'tel-national',
                columns: 3,
                placeholder: '(00) 00000-0000',
              })}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
              Usamos o CPF para a nota fiscal e o e-mail para enviar o pedido e o rastreio.
            </Typography>
          </Section>

          <Section number={2} title="Entrega" id="checkout-delivery">
            <Box sx={fieldGrid}>
              {maskedField('postalCode', 'CEP', maskCep, {
                autoComplete: 'postal-code',
                columns: 3,
                placeholder: '00000-000',
                onComplete: (value) => {
                  if (onlyDigits(value).length === 8) onPostalCodeChange(onlyDigits(value));
                },
                end:
                  cepLookup?.status === 'loading' ? (
                    <InputAdornment position="end">
                      <CircularProgress size={18} aria-label="Buscando endereço" />
                    </InputAdornment>
                  ) : undefined,
              })}
              <Box
                sx={{ ...span(3), display: 'flex', alignItems: 'center', minHeight: { sm: 56 } }}
              >
                <Link
                  href="https://buscacepinter.correios.com.br/app/endereco/index.php"
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  Não sei meu CEP
                </Link>
              </Box>
              {textField('street', 'Rua / avenida', { autoComplete: 'address-line1', columns: 6 })}
              {textField('number', 'Número', { autoComplete: 'off', columns: 2 })}
              {textField('complement', 'Complemento', {
                autoComplete: 'address-line2',
                columns: 4,
                optional: true,
              })}
              {textField('district', 'Bairro', { autoComplete: 'off', columns: 6 })}
              {textField('city', 'Cidade', { autoComplete: 'address-level2', columns: 4 })}
              <TextField
                {...register('uf')}
                select
                label="Estado (UF)"
                required
                autoComplete="address-level1"
                error={errors.uf !== undefined}
                helperText={errors.uf?.message}
                sx={span(2)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Selecione</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </TextField>
            </Box>

            <Divider sx={{ my: 3 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
              Forma de entrega
            </Typography>
            {shippingOptions === null ? (
              <Typography color="text.secondary" variant="body2">
                Informe o CEP para ver as opções e os prazos.
              </Typography>
            ) : shippingOptions.length === 0 ? (
              <Alert severity="warning">
                Ainda não entregamos neste CEP. Confira o número ou use outro endereço.
              </Alert>
            ) : (
              <Controller
                control={control}
                name="shippingMethodId"
                render={({ field, fieldState }) => (
                  <Box
                    role="radiogroup"
                    aria-label="Forma de entrega"
                    aria-busy={updating}
                    sx={{ display: 'grid', gap: 1.25 }}
                  >
                    {shippingOptions.map((option) => (
                      <ChoiceCard
                        key={option.methodId}
                        name={field.name}
                        value={option.methodId}
                        checked={field.value === option.methodId}
                        onBlur={field.onBlur}
                        onChange={() => {
                          field.onChange(option.methodId);
                          onShippingMethodChange(option.methodId);
                        }}
                        icon={
                          option.kind === 'PICKUP' ? (
                            <StorefrontOutlined />
                          ) : (
                            <LocalShippingOutlined />
                          )
                        }
                        title={option.name}
                        detail={
                          option.pickupAddress
                            ? `${deliveryText(option)} · ${option.pickupAddress}`
                            : deliveryText(option)
                        }
                        price={
                          option.priceCents === 0 ? (
                            <Box component="span" sx={{ color: 'success.main' }}>
                              Grátis
                            </Box>
                          ) : (
                            formatBRL(option.priceCents)
                          )
                        }
                      />
                    ))}
                    {fieldState.error ? (
                      <FormHelperText error>{fieldState.error.message}</FormHelperText>
                    ) : null}
                  </Box>
                )}
              />
            )}
          </Section>

          <Section number={3} title="Pagamento" id="checkout-payment">
            <Controller
              control={control}
              name="paymentMethod"
              render={({ field, fieldState }) => (
                <Box
                  role="radiogroup"
                  aria-label="Forma de pagamento"
                  sx={{ display: 'grid', gap: 1.25 }}
                >
                  {paymentMethods.map((option) => {
                    const text = PAYMENT_TEXT[option.method];
                    const detail =
                      option.method === 'PIX'
                        ? summary && summary.pixTotalCents < summary.totalCents
                          ? `${formatBRL(summary.pixTotalCents)} com ${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto · aprovação na hora`
                          : 'Aprovação na hora'
                        : option.method === 'CARD'
                          ? ((summary &&
                              describeInstallments(summary.installments, { sentence: true })) ??
                            'À vista no cartão')
                          : `Vence em ${formatDate(boletoDue)} · compensa em até 3 dias úteis`;
                    return (
                      <ChoiceCard
                        key={option.method}
                        name={field.name}
                        value={option.method}
                        checked={field.value === option.method}
                        onBlur={field.onBlur}
                        onChange={() => {
                          field.onChange(option.method);
                          onPaymentMethodChange?.(option.method);
                        }}
                        icon={text.icon}
                        title={option.label || text.title}
                        detail={detail}
                        highlight={option.method === 'PIX'}
                      />
                    );
                  })}
                  {fieldState.error ? (
                    <FormHelperText error>{fieldState.error.message}</FormHelperText>
                  ) : null}
                  {paymentMethods.length === 0 ? (
                    <Alert severity="warning">
                      No momento a loja não está recebendo pagamentos pelo site. Seus dados
                      continuam aqui; tente novamente mais tarde ou fale com a loja.
                    </Alert>
                  ) : field.value === 'PIX' ? (
                    <Typography variant="body2" color="text.secondary">
                      Depois de finalizar, você recebe o QR Code e o código Pix copia e cola. O
                      pedido é confirmado assim que o pagamento cair.
                    </Typography>
                  ) : field.value === 'CARD' ? (
                    <Box
                      role="group"
                      aria-label="Dados do cartão"
                      sx={{ display: 'grid', gap: 1.5, pt: 1 }}
                    >
                      {cardUnavailable ? (
                        <Alert severity="warning" role="alert">
                          {CARD_UNAVAILABLE_TEXT}
                        </Alert>
                      ) : null}
                      <CardFields
                        // The checkout form holds the card fields under the same names.
                        control={control as unknown as Control<CardFieldValues>}
                        installmentChoices={installmentChoices(
                          summary?.totalCents ?? 0,
                          summary?.installments.count ?? 1,
                        )}
                        holderCpfNote="O CPF do titular é o informado na identificação."
                        disabled={sending}
                      />
                    </Box>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      O boleto é gerado ao finalizar e vence em {formatDate(boletoDue)}. Depois de
                      pago, a compensação leva até 3 dias úteis; o pedido é separado assim que o
                      pagamento for confirmado.
                    </Typography>
                  )}
                </Box>
              )}
            />
          </Section>
        </Box>

        <Box
          component="section"
          aria-labelledby="checkout-review-title"
          sx={{
            position: { md: 'sticky' },
            top: { md: 96 },
            display: 'grid',
            gap: 2,
            p: { xs: 2, sm: 3 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Typography
            id="checkout-review-title"
            variant="h6"
            component="h2"
            sx={{ fontWeight: 700 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-grid',
                placeItems: 'center',
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: '0.875rem',
                mr: 1.25,
              }}
            >
              4
            </Box>
            Revisão do pedido
          </Typography>
          {status === 'loading' || !summary ? (
            <Box role="status" aria-busy="true" aria-label="Carregando o resumo">
              <Skeleton height={72} />
              <Skeleton height={72} />
              <Skeleton width="60%" height={36} />
            </Box>
          ) : (
            <>
              <OrderLines lines={lines} />
              <CartSummary summary={summary} payingByPix={payingByPix} updating={updating} />
            </>
          )}
          {generalAlert}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!canSubmit}
            aria-disabled={!canSubmit}
            startIcon={
              sending ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : (
                <LockOutlined />
              )
            }
            sx={{ minHeight: 52, fontSize: '1rem' }}
          >
            {sending
              ? values.paymentMethod === 'PIX'
                ? 'Enviando pedido…'
                : 'Processando pagamento…'
              : values.paymentMethod === 'CARD'
                ? 'Finalizar e pagar'
                : 'Finalizar pedido'}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            Ao finalizar, você concorda com as condições de compra. Você pode desistir em até 7 dias
            após o recebimento.
          </Typography>
          <Button
            component={RouterLink}
            to={storefrontPaths.cart}
            startIcon={<ArrowBackRounded />}
            sx={{ minHeight: 44, justifySelf: 'center' }}
          >
            Voltar para a sacola
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
