// The order as it stands: its lines, the totals (Pix's when paying by Pix) and, when the server
// refused the coupon, the way back to the bag to review it.
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import {
  OrderLines,
  type CartLineData,
  type InstallmentOfferData,
} from '../../../../components/storefront';
import { CartSummary, type CartSummaryData } from '../../Cart/CartSummary';
import { storefrontPaths } from '../../shared/paths';

export function OrderSummary({
  lines,
  summary,
  payingByPix,
  cardPlan = null,
  updating,
  couponError,
  couponAlertRef,
}: {
  lines: CartLineData[];
  summary: CartSummaryData;
  payingByPix: boolean;
  /** Paying by card: the plan chosen (one with interest adds its row to the totals). */
  cardPlan?: InstallmentOfferData | null;
  /** The totals are being re-priced. */
  updating: boolean;
  /** The server's word on the coupon, if it refused it. */
  couponError: string | undefined;
  /** Focused when the coupon is the only thing the server refused. */
  couponAlertRef: Ref<HTMLDivElement>;
}) {
  return (
    <>
      <OrderLines
        aria-label="Itens do pedido"
        // The cart's lines read '2 unidades', without the brand or the unit price.
        lines={lines.map((line) => ({
          id: line.variantId,
          productName: line.productName,
          variantLabel: line.variantLabel,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
          imageUrl: line.imageUrl,
        }))}
      />
      <CartSummary
        summary={summary}
        payingByPix={payingByPix}
        cardPlan={cardPlan}
        updating={updating}
        shippingRequired
      />
      {couponError ? (
        <Alert severity="error" ref={couponAlertRef} tabIndex={-1}>
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
  );
}
