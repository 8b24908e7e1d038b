// The bulk price change form: reading it into the API's PriceChangeInput, and the preview of a
// few products' prices before -> after (the same rule as the server: applyPriceChange).
import {
  applyPriceChange,
  checkPriceChange,
  formatBRL,
  type PriceChange,
  type PriceRoundDirection,
} from '@vitrine/rules';
import { parseBRL } from '../../../format';

export interface PriceChangeForm {
  mode: 'percent' | 'amount';
  direction: 'increase' | 'decrease';
  /** What the person typed: '10' or '5,5' (percent), '5,00' (reais). */
  value: string;
  roundTo90: boolean;
  /** With roundTo90: the nearest ,90 (default), up or down. */
  roundDirection?: PriceRoundDirection;
}

/** The rounding choices as the dialog names them. */
export const ROUND_DIRECTION_LABELS: Record<PriceRoundDirection, string> = {
  NEAREST: 'Mais próximo',
  UP: 'Para cima',
  DOWN: 'Para baixo',
};

export const EMPTY_PRICE_CHANGE_FORM: PriceChangeForm = {
  mode: 'percent',
  direction: 'decrease',
  value: '',
  roundTo90: false,
  roundDirection: 'NEAREST',
};

export type PriceChangeRead = { ok: true; change: PriceChange } | { ok: false; error: string };

/** The form as PriceChangeInput, or the reason it is not one yet (Portuguese). */
export function readPriceChange(form: PriceChangeForm): PriceChangeRead {
  const sign = form.direction === 'decrease' ? -1 : 1;
  const rounding = form.roundTo90
    ? { roundTo90: true, roundDirection: form.roundDirection ?? 'NEAREST' }
    : { roundTo90: false };
  if (form.mode === 'percent') {
    const text = form.value.trim().replace(',', '.');
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(text) || Number(text) === 0) {
      return { ok: false, error: 'Informe um percentual maior que zero, como 10 ou 5,5.' };
    }
    return checked({ percent: sign * Number(text), ...rounding });
  }
  const cents = parseBRL(form.value);
  if (cents === null || cents === 0) {
    return { ok: false, error: 'Informe um valor maior que zero, como 5,00.' };
  }
  return checked({ amountCents: sign * cents, ...rounding });
}

/** The change as the server takes it (its bounds and words: @vitrine/rules checkPriceChange). */
function checked(change: PriceChange): PriceChangeRead {
  const result = checkPriceChange(change);
  return result.ok ? { ok: true, change } : { ok: false, error: result.issue.message };
}

export interface PricePreviewProduct {
  id: string;
  name: string;
  variants: { priceCents: number }[];
}

export interface PricePreviewLine {
  id: string;
  name: string;
  before: string;
  after: string;
  /** A variant would cost R$ 0,00 or less: the server refuses the whole change. */
  invalid: boolean;
}

function range(prices: number[]): string {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const show = (cents: number) => (cents < 0 ? `-${formatBRL(-cents)}` : formatBRL(cents));
  return low === high ? show(low) : `${show(low)} – ${show(high)}`;
}

/** How many products the confirmation lists with their new prices. */
export const PRICE_PREVIEW_LIMIT = 10;

/** The first `limit` products' price (or range) before and after the change. */
export function pricePreview(
  products: PricePreviewProduct[],
  change: PriceChange,
  limit = PRICE_PREVIEW_LIMIT,
): PricePreviewLine[] {
  return products
    .filter((product) => product.variants.length > 0)
    .slice(0, limit)
    .map((product) => {
      const before = product.variants.map((variant) => variant.priceCents);
      const after = before.map((cents) => applyPriceChange(cents, change));
      return {
        id: product.id,
        name: product.name,
        before: range(before),
        after: range(after),
        invalid: after.some((cents) => cents < 1),
      };
    });
}

/** The price column's text: one price, or the range 'R$ 49,90 – R$ 69,90'. */
export function priceRange(minCents: number, maxCents: number): string {
  return minCents === maxCents
    ? formatBRL(minCents)
    : `${formatBRL(minCents)} – ${formatBRL(maxCents)}`;
}
