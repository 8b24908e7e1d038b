// The totals of a cart or an order, exactly as the server priced them: subtotal, coupon, shipping,
// total, the Pix price and the installment offer. Nothing here is computed from unit prices.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

import {
  hasInstallments,
  InstallmentLine,
  PixPrice,
  type InstallmentOfferData,
} from '../../../components/storefront';
import { formatBRL, pluralize } from '../../../format';

export interface CartSummaryData {
  itemCount: number;
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  /** null until a CEP is known. */
  shippingCents: number | null;
  /** Total by card or boleto. */
  totalCents: number;
  pixTotalCents: number;
  pixDiscountPercent: number;
  /** The server's installment offer on the total: the most interest-free instalments. */
  installments: InstallmentOfferData;
  /** The longest plan with interest the store offers on the total; null: none. */
  installmentsWithInterest: InstallmentOfferData | null;
  /** The store's whole table on the total, 1x first (the card's choices at checkout). */
  installmentOptions: InstallmentOfferData[];
}

export interface CartSummaryProps {
  summary: CartSummaryData;
  /** The shopper chose Pix: the Pix total is the total. */
  payingByPix?: boolean;
  /** A newer price is on its way: the figures are dimmed and announced as such. */
  updating?: boolean;
  /**
   * The checkout: the order cannot go without a shipping, so until one is priced (shippingCents
   * null: no CEP, or a delivery chosen without one) no total is shown, only what is missing.
   */
  shippingRequired?: boolean;
  /**
   * The card plan chosen at checkout: one with interest adds its row and makes the total what the
   * card is charged.
   */
  cardPlan?: InstallmentOfferData | null;
  /** Extra rows between shipping and total (e.g. the Pix discount at checkout). */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

function Row({
  label,
  value,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box
      component="div"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        fontSize: strong ? '1.125rem' : '0.9375rem',
        fontWeight: strong ? 700 : 400,
        '& dt': { color: strong ? 'text.primary' : 'text.secondary', m: 0 },
        '& dd': { m: 0, whiteSpace: 'nowrap', textAlign: 'right' },
      }}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </Box>
  );
}

export function CartSummary({
  summary,
  payingByPix = false,
  updating = false,
  shippingRequired = false,
  cardPlan = null,
  children,
  sx,
}: CartSummaryProps) {
  const pixDiscountCents = summary.totalCents - summary.pixTotalCents;
  const interestPlan = !payingByPix && cardPlan && cardPlan.interestCents > 0 ? cardPlan : null;
  const totalPending = shippingRequired && summary.shippingCents === null;
  return (
    <Box
      aria-busy={updating}
      sx={[
        { display: 'grid', gap: 1.25, position: 'relative' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {/* A thin bar instead of dimming: the figures stay readable (contrast) while re-pricing. */}
      <LinearProgress
        aria-hidden
        sx={{ height: 2, borderRadius: 1, visibility: updating ? 'visible' : 'hidden' }}
      />
      <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
        <Row
          label={`Subtotal (${pluralize(summary.itemCount, 'item', 'itens')})`}
          value={formatBRL(summary.subtotalCents)}
        />
        {summary.discountCents > 0 ? (
          <Row
            label={summary.couponCode ? `Cupom ${summary.couponCode}` : 'Desconto'}
            value={
              <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
                −{formatBRL(summary.discountCents)}
              </Box>
            }
          />
        ) : null}
        <Row
          label="Frete"
          value={
            summary.shippingCents === null ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {shippingRequired ? 'Escolha a entrega' : 'Informe o CEP'}
              </Box>
            ) : summary.shippingCents === 0 ? (
              <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
                Grátis
              </Box>
            ) : (
              formatBRL(summary.shippingCents)
            )
          }
        />
        {payingByPix && pixDiscountCents > 0 ? (
          <Row
            label={`Desconto Pix (${summary.pixDiscountPercent.toLocaleString('pt-BR')}%)`}
            value={
              <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
                −{formatBRL(pixDiscountCents)}
              </Box>
            }
          />
        ) : null}
        {interestPlan ? (
          <Row
            label={`Juros do parcelamento (${interestPlan.count}x)`}
            value={formatBRL(interestPlan.interestCents)}
          />
        ) : null}
        {children}
        <Row
          strong
          label="Total"
          value={
            totalPending ? (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                Com o frete escolhido
              </Box>
            ) : (
              formatBRL(
                payingByPix
                  ? summary.pixTotalCents
                  : (interestPlan?.totalCents ?? summary.totalCents),
              )
            )
          }
        />
      </Box>
      {payingByPix || totalPending ? null : (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'end', textAlign: 'right' }}>
          {pixDiscountCents > 0 ? (
            <PixPrice
              pixPriceCents={summary.pixTotalCents}
              discountPercent={summary.pixDiscountPercent}
              size="small"
            />
          ) : null}
          {hasInstallments(summary.installments) ? (
            <InstallmentLine {...summary.installments} />
          ) : null}
          {summary.installmentsWithInterest ? (
            <InstallmentLine
              {...summary.installmentsWithInterest}
              alternative={hasInstallments(summary.installments)}
            />
          ) : null}
        </Box>
      )}
      <Box
        component="p"
        role="status"
        sx={{
          m: 0,
          fontSize: '0.8125rem',
          color: 'text.secondary',
          '&:empty': { display: 'none' },
        }}
      >
        {updating ? 'Atualizando valores…' : ''}
      </Box>
    </Box>
  );
}
