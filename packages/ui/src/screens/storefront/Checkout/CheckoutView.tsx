// The checkout on one page, pure: identification, delivery address (filled from the CEP when the
// look-up answers), shipping option, payment, review and 'Finalizar pedido'. Errors show at each
// field, in Portuguese; the server's errors arrive as `serverError` and land on their fields.
// 'Finalizar pedido' waits for totals quoted for the address, the shipping option and the cart as
// they are now: while they are re-priced, or when re-pricing failed, it says why it waits.
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
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormSetError,
  type UseFormSetFocus,
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
  /** The last re-pricing failed: the figures shown are not current and the order waits. */
  pricingError?: boolean;
  /** Asks for the totals again (after `pricingError`, or when they are of another CEP). */
  onRetryPricing?: () => void;
  /**
   * The CEP (8 digits) the shipping options and totals were quoted for ('' without one, null
   * before any quote). Left out, they are taken to be the form's (stories of a settled quote).
   */
  quotedPostalCode?: string | null;
  /** null until a CEP is known. */
  shippingOptions: ShippingOptionData[] | null;
  /** The option the server priced (the cheapest when none was chosen). */
  pricedShippingMethodId?: string | null;
  /** What the store offers; null until it answers (a saved choice is kept meanwhile). */
  paymentMethods: PaymentMethodChoice[] | null;
  /** The ways to pay could not be loaded: offered as a retry. */
  onRetryPaymentMethods?: () => void;
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
  inputRef,
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
  /** The form's handle on the group (focused on an error or by 'Alterar'). */
  inputRef?: Ref<HTMLInputElement>;
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
        ref={inputRef}
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
  onFocus,
}: {
  number: number;
  title: string;
  children: ReactNode;
  id: string;
  onFocus?: () => void;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      onFocus={onFocus}
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

/**
 * Focuses a field by its name in the form: a radio group's chosen radio (else its first), or the
 * form's own handle when nothing carries the name (the shipping's box when no option is shown).
 */
function focusField(
  form: HTMLFormElement | null,
  name: CheckoutField,
  setFocus: UseFormSetFocus<CheckoutInput>,
) {
  const named = Array.from(form?.querySelectorAll<HTMLElement>(`[name="${name}"]`) ?? []);
  const target =
    named.find((element) => element instanceof HTMLInputElement && element.checked) ?? named[0];
  if (target) target.focus();
  else setFocus(name);
}

function applyServerErrors(
  serverError: CheckoutError | null | undefined,
  setError: UseFormSetError<CheckoutInput>,
  focus: (field: CheckoutField) => void,
  focusCoupon: () => void,
) {
  if (serverError?.kind !== 'fields') return;
  const fields = [...CHECKOUT_FIELD_ORDER, ...CARD_FIELD_ORDER].filter(
    (field) => serverError.fields[field],
  );
  for (const field of fields) {
    setError(field, { type: 'server', message: serverError.fields[field] });
  }
  // The first one gets the focus. The coupon is not a field here: its message sits by the
  // summary, focused when it is the only one.
  if (fields[0]) focus(fields[0]);
  else if (serverError.fields.couponCode) focusCoupon();
}

/** One line of the review: what was chosen, and a way back to change it. */
function ReviewChoice({
  term,
  changeLabel,
  onChange,
  children,
}: {
  term: string;
  /** Completes 'Alterar' for screen readers: 'Alterar endereço de entrega'. */
  changeLabel: string;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 1,
        alignItems: 'center',
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="dt"
        sx={{ gridColumn: 1, fontSize: '0.8125rem', color: 'text.secondary', fontWeight: 600 }}
      >
        {term}
      </Box>
      <Box component="dd" sx={{ gridColumn: 1, m: 0, fontSize: '0.875rem', minWidth: 0 }}>
        {children}
      </Box>
      <Box component="dd" sx={{ gridColumn: 2, gridRow: '1 / span 2', m: 0 }}>
        <Link
          component="button"
          type="button"
          onClick={onChange}
          variant="body2"
          sx={{ minHeight: 44, minWidth: 44, px: 0.5, fontWeight: 600 }}
        >
          Alterar{' '}
          <Box component="span" sx={visuallyHidden}>
            {changeLabel}
          </Box>
        </Link>
      </Box>
    </Box>
  );
}

export function CheckoutView({
  status,
  defaultValues,
  lines,
  summary,
  updating = false,
  pricingError = false,
  onRetryPricing,
  quotedPostalCode,
  shippingOptions,
  pricedShippingMethodId = null,
  paymentMethods,
  onRetryPaymentMethods,
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
    setFocus,
    getValues,
    formState: { errors },
  } = form;
  const values = useWatch({ control });
  const couponAlert = useRef<HTMLDivElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const focusSection = (field: CheckoutField) => focusField(formElement.current, field, setFocus);
  // The shopper has been to the payment section (Pix is chosen from the start).
  const [paymentVisited, setPaymentVisited] = useState(false);

  // Options and totals count only when quoted for the CEP in the form (once it has 8 digits).
  const formCep = onlyDigits(values.postalCode ?? '');
  const cepReady = formCep.length === 8;
  const quotedForForm = quotedPostalCode === undefined || !cepReady || quotedPostalCode === formCep;
  const visibleOptions = cepReady && quotedForForm ? shippingOptions : null;

  // Keep a draft of every keystroke.
  useEffect(() => {
    onDraftChange?.(values as Partial<CheckoutInput>);
  }, [values, onDraftChange]);

  // The server's errors land on their fields; the first one gets the focus.
  useEffect(() => {
    applyServerErrors(
      serverError,
      setError,
      (field) => focusField(formElement.current, field, setFocus),
      () => couponAlert.current?.focus(),
    );
  }, [serverError, setError, setFocus]);

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

  // Each quote for the form's CEP checks the chosen shipping again: one the server offers for this
  // CEP and the one it priced (else it is priced now); none offered, none chosen.
  const optionIds = visibleOptions?.map((option) => option.methodId).join(',') ?? null;
  const settledQuote = !updating && !pricingError;
  useEffect(() => {
    if (visibleOptions === null || !settledQuote) return;
    const current = getValues('shippingMethodId');
    if (visibleOptions.length === 0) {
      if (current) setValue('shippingMethodId', '');
      return;
    }
    if (visibleOptions.some((option) => option.methodId === current)) {
      if (pricedShippingMethodId !== current) onShippingMethodChange(current);
      return;
    }
    const next = pricedShippingMethodId ?? visibleOptions[0]?.methodId ?? '';
    setValue('shippingMethodId', next, { shouldValidate: false });
    if (next !== pricedShippingMethodId) onShippingMethodChange(next);
    // optionIds stands for the options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionIds, pricedShippingMethodId, settledQuote]);

  // Once the store has answered, a method it does not offer falls back to Pix (or its first one);
  // until then the saved choice stays.
  const offered = paymentMethods?.map((item) => item.method).join(',') ?? null;
  useEffect(() => {
    if (!offered) return;
    const methods = offered.split(',') as PaymentMethodValue[];
    if (methods.includes(getValues('paymentMethod'))) return;
    setValue('paymentMethod', methods.includes('PIX') ? 'PIX' : (methods[0] ?? 'PIX'));
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
  const addressDone = (
    ['postalCode', 'street', 'number', 'complement', 'district', 'city', 'uf'] as const
  ).every((field) => checkoutSchema.shape[field].safeParse(values[field] ?? '').success);
  const chosenShipping =
    visibleOptions?.find((option) => option.methodId === values.shippingMethodId) ?? null;
  const deliveryDone = identificationDone && addressDone && chosenShipping !== null;
  const maxInstallments = summary?.installments.count ?? 1;
  const paymentDone =
    deliveryDone &&
    paymentVisited &&
    (paymentMethods ?? []).some((item) => item.method === values.paymentMethod) &&
    (values.paymentMethod !== 'CARD' ||
      Object.keys(cardErrors(values, maxInstallments)).length === 0);
  // Identificação › Entrega › Pagamento › Revisão, as the form is filled.
  const activeStep = paymentDone ? 3 : deliveryDone ? 2 : identificationDone ? 1 : 0;
  const payingByPix = values.paymentMethod === 'PIX';
  const boletoDue = now() + BOLETO_DUE_DAYS * 86_400_000;

  // The totals shown must be the ones the order will have.
  const awaitingQuote = cepReady && !quotedForForm;
  const shippingPriced =
    chosenShipping === null || pricedShippingMethodId === chosenShipping.methodId;
  const repricing = !pricingError && (updating || awaitingQuote || !shippingPriced);
  const pricesCurrent = !pricingError && !repricing;
  const canSubmit =
    status === 'ready' &&
    stockProblems.length === 0 &&
    paymentMethods !== null &&
    paymentMethods.length > 0 &&
    pricesCurrent &&
    !sending;
  const waitingReason =
    sending || status !== 'ready'
      ? null
      : repricing
        ? 'Atualizando os valores do pedido…'
        : paymentMethods === null
          ? 'Carregando as formas de pagamento…'
          : null;
  const couponError = serverError?.kind === 'fields' ? serverError.fields.couponCode : undefined;
  const installmentLabel =
    installmentChoices(summary?.totalCents ?? 0, maxInstallments).find(
      (choice) => String(choice.count) === (values.installments ?? '1'),
    )?.label ?? null;
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
        ref={formElement}
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
            <Controller
              control={control}
              name="shippingMethodId"
              render={({ field, fieldState }) => {
                const error = fieldState.error ? (
                  <FormHelperText error>{fieldState.error.message}</FormHelperText>
                ) : null;
                if (visibleOptions === null || visibleOptions.length === 0) {
                  // No option to focus: the form focuses this box when the shipping is in error.
                  return (
                    <Box
                      ref={field.ref}
                      tabIndex={-1}
                      aria-label="Forma de entrega"
                      role="group"
                      sx={{ display: 'grid', gap: 1 }}
                    >
                      {visibleOptions !== null ? (
                        <Alert severity="warning">
                          Ainda não entregamos neste CEP. Confira o número ou use outro endereço.
                        </Alert>
                      ) : awaitingQuote && pricingError ? (
                        <Typography color="text.secondary" variant="body2">
                          Não foi possível calcular o frete para o CEP {maskCep(formCep)}.
                        </Typography>
                      ) : awaitingQuote ? (
                        <Typography color="text.secondary" variant="body2" role="status">
                          Calculando o frete para o CEP {maskCep(formCep)}…
                        </Typography>
                      ) : (
                        <Typography color="text.secondary" variant="body2">
                          Informe o CEP para ver as opções e os prazos.
                        </Typography>
                      )}
                      {error}
                    </Box>
                  );
                }
                const focusIndex = Math.max(
                  0,
                  visibleOptions.findIndex((option) => option.methodId === field.value),
                );
                return (
                  <Box
                    role="radiogroup"
                    aria-label="Forma de entrega"
                    aria-busy={updating}
                    sx={{ display: 'grid', gap: 1.25 }}
                  >
                    {visibleOptions.map((option, index) => (
                      <ChoiceCard
                        key={option.methodId}
                        name={field.name}
                        value={option.methodId}
                        checked={field.value === option.methodId}
                        inputRef={index === focusIndex ? field.ref : undefined}
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
                    {error}
                  </Box>
                );
              }}
            />
          </Section>

          <Section
            number={3}
            title="Pagamento"
            id="checkout-payment"
            onFocus={() => setPaymentVisited(true)}
          >
            <Controller
              control={control}
              name="paymentMethod"
              render={({ field, fieldState }) =>
                paymentMethods === null ? (
                  // The store's ways to pay are on their way: the saved choice waits for them.
                  <Box
                    ref={field.ref}
                    tabIndex={-1}
                    role="group"
                    aria-label="Forma de pagamento"
                    sx={{ display: 'grid', gap: 1.25 }}
                  >
                    {onRetryPaymentMethods ? (
                      <Alert
                        severity="warning"
                        action={
                          <Button
                            color="inherit"
                            onClick={onRetryPaymentMethods}
                            sx={{ minHeight: 44 }}
                          >
                            Tentar novamente
                          </Button>
                        }
                      >
                        Não foi possível carregar as formas de pagamento.
                      </Alert>
                    ) : (
                      <Box role="status" aria-label="Carregando as formas de pagamento">
                        <Skeleton variant="rounded" height={60} sx={{ mb: 1.25 }} />
                        <Skeleton variant="rounded" height={60} />
                      </Box>
                    )}
                    {fieldState.error ? (
                      <FormHelperText error>{fieldState.error.message}</FormHelperText>
                    ) : null}
                  </Box>
                ) : (
                  <Box
                    role="radiogroup"
                    aria-label="Forma de pagamento"
                    sx={{ display: 'grid', gap: 1.25 }}
                  >
                    {paymentMethods.map((option, index) => {
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
                          inputRef={
                            index ===
                            Math.max(
                              0,
                              paymentMethods.findIndex((item) => item.method === field.value),
                            )
                              ? field.ref
                              : undefined
                          }
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
                )
              }
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
              <Box component="dl" sx={{ m: 0 }}>
                <ReviewChoice
                  term="Endereço de entrega"
                  changeLabel="endereço de entrega"
                  onChange={() => focusSection('postalCode')}
                >
                  {addressDone ? (
                    <>
                      {values.street}, {values.number}
                      {values.complement?.trim() ? ` — ${values.complement.trim()}` : ''}
                      <br />
                      {values.district}, {values.city}/{values.uf} · CEP {values.postalCode}
                    </>
                  ) : (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      Preencha o endereço.
                    </Box>
                  )}
                </ReviewChoice>
                <ReviewChoice
                  term="Forma de entrega"
                  changeLabel="forma de entrega"
                  onChange={() => focusSection('shippingMethodId')}
                >
                  {chosenShipping ? (
                    `${chosenShipping.name} · ${deliveryText(chosenShipping)} · ${
                      chosenShipping.priceCents === 0
                        ? 'Grátis'
                        : formatBRL(chosenShipping.priceCents)
                    }`
                  ) : (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      Escolha a forma de entrega.
                    </Box>
                  )}
                </ReviewChoice>
                <ReviewChoice
                  term="Pagamento"
                  changeLabel="forma de pagamento"
                  onChange={() => focusSection('paymentMethod')}
                >
                  {values.paymentMethod === 'CARD'
                    ? `Cartão de crédito · ${installmentLabel ?? 'À vista'}`
                    : values.paymentMethod === 'BOLETO'
                      ? `Boleto bancário · vence em ${formatDate(boletoDue)}`
                      : summary.pixTotalCents < summary.totalCents
                        ? `Pix · ${formatBRL(summary.pixTotalCents)} com ${summary.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto`
                        : 'Pix · aprovação na hora'}
                </ReviewChoice>
              </Box>
              <OrderLines lines={lines} />
              <CartSummary
                summary={summary}
                payingByPix={payingByPix}
                updating={updating || awaitingQuote}
              />
              {couponError ? (
                <Alert severity="error" ref={couponAlert} tabIndex={-1}>
                  {couponError}{' '}
                  <Link
                    component={RouterLink}
                    to={storefrontPaths.cart}
                    sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                  >
                    Revisar o cupom na sacola
                  </Link>
                </Alert>
              ) : null}
            </>
          )}
          {pricingError && status === 'ready' ? (
            <Alert
              severity="warning"
              role="alert"
              action={
                onRetryPricing ? (
                  <Button color="inherit" onClick={onRetryPricing} sx={{ minHeight: 44 }}>
                    Tentar novamente
                  </Button>
                ) : undefined
              }
            >
              Não foi possível atualizar os valores do pedido. Os valores acima podem estar
              desatualizados: tente novamente para finalizar.
            </Alert>
          ) : null}
          {generalAlert}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!canSubmit}
            aria-disabled={!canSubmit}
            aria-describedby={waitingReason ? 'checkout-submit-reason' : undefined}
            startIcon={
              sending || waitingReason ? (
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
          <Typography
            id="checkout-submit-reason"
            role="status"
            variant="body2"
            color="text.secondary"
            sx={{ textAlign: 'center', '&:empty': { display: 'none' } }}
          >
            {waitingReason}
          </Typography>
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
