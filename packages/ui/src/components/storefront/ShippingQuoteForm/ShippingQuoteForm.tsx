// 'Calcular frete': CEP with its mask, then the options the server priced (delivery days,
// price or 'Grátis'); selectable when `onSelect` is given (cart and checkout).
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';

import { formatBRL, pluralize } from '../../../format';
import { isValidCep, maskCep, brMessages } from '../../../forms/br';
import { VisuallyHidden } from '../shared/VisuallyHidden';

export interface ShippingOptionData {
  methodId: string;
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  priceCents: number;
  fullPriceCents: number;
  freeShipping: boolean;
  businessDays: number;
  pickupAddress?: string | null;
}

export interface ShippingQuoteFormProps {
  /** The CEP already known (cart, last visit). */
  postalCode?: string | null;
  onQuote: (postalCode: string) => void;
  options?: ShippingOptionData[] | null;
  /** Makes the options a radio group. */
  selectedMethodId?: string | null;
  onSelect?: (methodId: string) => void;
  loading?: boolean;
  /** The server's message (e.g. no delivery to this CEP). */
  error?: string | null;
  /** Heading shown above the field. */
  title?: string;
  /** The title's level in the page outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('section', { name: 'VtShippingQuoteForm', slot: 'Root' })({
  display: 'grid',
  gap: 12,
});

const Title = styled('h3', { name: 'VtShippingQuoteForm', slot: 'Title' })({
  margin: 0,
  fontSize: '0.9375rem',
  fontWeight: 700,
});

const Row = styled('form', { name: 'VtShippingQuoteForm', slot: 'Row' })({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 200px) auto',
  gap: 8,
  alignItems: 'start',
  '& .MuiButton-root': { minHeight: 44 },
});

const Options = styled('div', { name: 'VtShippingQuoteForm', slot: 'Options' })(({ theme }) => ({
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 8,
  '& > div': {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 8,
    backgroundColor: theme.palette.background.paper,
  },
  '& label, & .option': {
    display: 'grid',
    gridTemplateColumns: 'auto auto 1fr auto',
    alignItems: 'center',
    gap: 10,
    minHeight: 52,
    padding: '8px 12px',
    cursor: 'pointer',
  },
  '& .option': { gridTemplateColumns: 'auto 1fr auto', cursor: 'default' },
  '& input': { width: 18, height: 18, margin: 0, accentColor: theme.palette.primary.main },
  '& > div:has(input:checked)': {
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
  '& svg': { color: theme.palette.text.secondary },
  '& small': { display: 'block', color: theme.palette.text.secondary, fontSize: '0.8125rem' },
  '& small[data-highlight]': { color: theme.palette.primary.main, fontWeight: 600 },
}));

const Price = styled('span', { name: 'VtShippingQuoteForm', slot: 'Price' })(({ theme }) => ({
  fontWeight: 700,
  whiteSpace: 'nowrap',
  textAlign: 'right',
  '&[data-free="true"]': { color: theme.palette.success.main },
  '& s': {
    display: 'block',
    fontWeight: 400,
    fontSize: '0.75rem',
    color: theme.palette.text.secondary,
  },
}));

export function deliveryText(option: Pick<ShippingOptionData, 'kind' | 'businessDays'>): string {
  const days = pluralize(option.businessDays, 'dia útil', 'dias úteis');
  return option.kind === 'PICKUP' ? `Pronto para retirada em até ${days}` : `Chega em até ${days}`;
}

/**
 * With two deliveries or more, the cheapest and the fastest are named ('Mais econômico', 'Mais
 * rápido') when they are not the same option: the shopper sees both at a glance, the list staying
 * in price order. Keyed by methodId.
 */
export function deliveryHighlights(
  options: readonly Pick<ShippingOptionData, 'methodId' | 'kind' | 'priceCents' | 'businessDays'>[],
): Map<string, 'Mais econômico' | 'Mais rápido'> {
  const deliveries = options.filter((option) => option.kind !== 'PICKUP');
  const highlights = new Map<string, 'Mais econômico' | 'Mais rápido'>();
  if (deliveries.length < 2) return highlights;
  const cheapest = deliveries.reduce((best, option) =>
    option.priceCents < best.priceCents ||
    (option.priceCents === best.priceCents && option.businessDays < best.businessDays)
      ? option
      : best,
  );
  const fastest = deliveries.reduce((best, option) =>
    option.businessDays < best.businessDays ||
    (option.businessDays === best.businessDays && option.priceCents < best.priceCents)
      ? option
      : best,
  );
  if (cheapest.methodId === fastest.methodId) return highlights;
  highlights.set(cheapest.methodId, 'Mais econômico');
  if (fastest.businessDays < cheapest.businessDays) highlights.set(fastest.methodId, 'Mais rápido');
  return highlights;
}

/**
 * Deliveries first (cheapest first, as quoted), then pickup at the store: picking up is a choice
 * the shopper makes knowing where, never the option on top because it is free.
 */
export function deliveriesFirst<Option extends Pick<ShippingOptionData, 'kind'>>(
  options: readonly Option[],
): Option[] {
  return [
    ...options.filter((option) => option.kind !== 'PICKUP'),
    ...options.filter((option) => option.kind === 'PICKUP'),
  ];
}

function OptionBody({
  option,
  highlight,
}: {
  option: ShippingOptionData;
  highlight: string | undefined;
}) {
  const Icon = option.kind === 'PICKUP' ? StorefrontOutlined : LocalShippingOutlined;
  return (
    <>
      <Icon aria-hidden fontSize="small" />
      <span>
        {option.name}
        <small>{deliveryText(option)}</small>
        {highlight ? <small data-highlight>{highlight}</small> : null}
        {option.pickupAddress ? <small>Retire em: {option.pickupAddress}</small> : null}
      </span>
      <Price data-free={option.priceCents === 0}>
        {option.freeShipping && option.fullPriceCents > 0 ? (
          <s>
            <VisuallyHidden>de </VisuallyHidden>
            {formatBRL(option.fullPriceCents)}
          </s>
        ) : null}
        {option.priceCents === 0 ? 'Grátis' : formatBRL(option.priceCents)}
      </Price>
    </>
  );
}

export function ShippingQuoteForm(inProps: ShippingQuoteFormProps) {
  const {
    postalCode,
    onQuote,
    options,
    selectedMethodId,
    onSelect,
    loading = false,
    error,
    title = 'Calcular frete e prazo',
    headingLevel = 'h2',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtShippingQuoteForm' });
  const [cep, setCep] = useState(maskCep(postalCode ?? ''));
  const highlights = deliveryHighlights(options ?? []);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shownPostalCode, setShownPostalCode] = useState(postalCode);
  if (shownPostalCode !== postalCode) {
    setShownPostalCode(postalCode);
    setCep(maskCep(postalCode ?? ''));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidCep(cep)) {
      setFieldError(brMessages.cep);
      return;
    }
    setFieldError(null);
    onQuote(cep);
  }

  const message = fieldError ?? error ?? null;
  return (
    <Root aria-label={title} {...other}>
      <Title as={headingLevel}>{title}</Title>
      <Row onSubmit={submit} noValidate>
        <TextField
          size="small"
          label="CEP"
          value={cep}
          onChange={(event) => setCep(maskCep(event.target.value))}
          error={message !== null}
          helperText={message ?? undefined}
          placeholder="00000-000"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } }}
        />
        <Button type="submit" variant="outlined" disabled={loading}>
          {loading ? 'Calculando…' : 'Calcular'}
        </Button>
      </Row>
      <Link
        href="https://buscacepinter.correios.com.br/app/endereco/index.php"
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        sx={{ justifySelf: 'start', display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
      >
        Não sei meu CEP
      </Link>
      {options && options.length > 0 ? (
        <Options aria-label="Opções de entrega" role={onSelect ? 'radiogroup' : 'list'}>
          {deliveriesFirst(options).map((option) => (
            <div key={option.methodId} role={onSelect ? undefined : 'listitem'}>
              {onSelect ? (
                <label>
                  <input
                    type="radio"
                    name="shipping-method"
                    value={option.methodId}
                    checked={option.methodId === selectedMethodId}
                    onChange={() => onSelect(option.methodId)}
                  />
                  <OptionBody option={option} highlight={highlights.get(option.methodId)} />
                </label>
              ) : (
                <div className="option">
                  <OptionBody option={option} highlight={highlights.get(option.methodId)} />
                </div>
              )}
            </div>
          ))}
        </Options>
      ) : null}
    </Root>
  );
}
