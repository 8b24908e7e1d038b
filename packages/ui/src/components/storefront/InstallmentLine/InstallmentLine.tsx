// 'em até 10x de R$ 12,99 sem juros': the words follow the server's installment offer exactly.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { formatBRL } from '../../../format';

/** The server's `InstallmentOffer`, field for field. */
export interface InstallmentOfferData {
  /** Number of installments offered. Below 2 nothing is shown. */
  count: number;
  /** The value of every installment but the first, in centavos. */
  perInstallmentCents: number;
  /** The first installment, which carries the remainder of the division, in centavos. */
  firstInstallmentCents: number;
  /** What the shopper pays in installments, in centavos. */
  totalCents: number;
  /** 'sem juros' only when true; otherwise the line shows the total paid. */
  interestFree: boolean;
  /** What the plan adds to the card price, in centavos; 0 when interest-free. */
  interestCents: number;
}

export interface InstallmentLineProps extends InstallmentOfferData {
  /** A second plan beside the interest-free one: 'ou 12x de R$ 10,34 com juros (total ...)'. */
  alternative?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

/** Whether the offer is worth a line: two installments or more. */
export function hasInstallments(offer: Pick<InstallmentOfferData, 'count'>): boolean {
  return Number.isInteger(offer.count) && offer.count >= 2;
}

interface InstallmentWords {
  /** 'em até 10x de R$ 19,90' or 'em até 10x' when the first installment differs. */
  headline: string;
  /** '1ª de R$ 19,93 + 9x de R$ 19,90' when the first installment differs. */
  breakdown: string | null;
  terms: 'sem juros' | 'com juros';
  /** '(total R$ 215,00)' when the offer carries interest: the shopper sees what they pay. */
  total: string | null;
}

function installmentWords(offer: InstallmentOfferData): InstallmentWords {
  const { count, perInstallmentCents, firstInstallmentCents, totalCents, interestFree } = offer;
  const unevenFirst = firstInstallmentCents !== perInstallmentCents;
  return {
    headline: unevenFirst ? `${count}x` : `${count}x de ${formatBRL(perInstallmentCents)}`,
    breakdown: unevenFirst
      ? `1ª de ${formatBRL(firstInstallmentCents)} + ${count - 1}x de ${formatBRL(perInstallmentCents)}`
      : null,
    terms: interestFree ? 'sem juros' : 'com juros',
    total: interestFree ? null : `(total ${formatBRL(totalCents)})`,
  };
}

/**
 * The offer as one sentence, for places that only take text (a payment option's detail):
 * 'em até 10x de R$ 19,90 sem juros', 'em até 10x sem juros: 1ª de R$ 19,93 + 9x de R$ 19,90',
 * 'em até 10x de R$ 21,50 com juros (total R$ 215,00)'. Null below two installments.
 */
export function describeInstallments(
  offer: InstallmentOfferData,
  {
    sentence = false,
    alternative = false,
  }: {
    /** Starts with a capital: 'Em até ...'. */ sentence?: boolean;
    /** A second plan: 'ou 12x de ...'. */ alternative?: boolean;
  } = {},
): string | null {
  if (!hasInstallments(offer)) return null;
  const { headline, breakdown, terms, total } = installmentWords(offer);
  const lead = alternative ? (sentence ? 'Ou' : 'ou') : sentence ? 'Em até' : 'em até';
  return `${lead} ${headline} ${terms}${breakdown ? `: ${breakdown}` : ''}${total ? ` ${total}` : ''}`;
}

const Root = styled('p', { name: 'VtInstallmentLine', slot: 'Root' })(({ theme }) => ({
  margin: 0,
  color: theme.palette.text.secondary,
  fontSize: '0.875rem',
  lineHeight: 1.4,
  '& strong': { color: theme.palette.text.primary, fontWeight: 600 },
}));

export function InstallmentLine(inProps: InstallmentLineProps) {
  const {
    count,
    perInstallmentCents,
    firstInstallmentCents,
    totalCents,
    interestFree,
    interestCents,
    alternative = false,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtInstallmentLine' });
  const offer = {
    count,
    perInstallmentCents,
    firstInstallmentCents,
    totalCents,
    interestFree,
    interestCents,
  };
  if (!hasInstallments(offer)) return null;
  const { headline, breakdown, terms, total } = installmentWords(offer);
  return (
    <Root {...other}>
      {alternative ? 'ou' : 'em até'} <strong>{headline}</strong> {terms}
      {breakdown ? `: ${breakdown}` : null}
      {total ? ` ${total}` : null}
    </Root>
  );
}
