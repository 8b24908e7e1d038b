// How an order's card plan reads on the order page: '6x sem juros', '12x de R$ 10,34 com juros'
// (@vitrine/rules describeOrderInstallments), and the interest's row of the totals. Pure.
import { describeOrderInstallments } from '@vitrine/rules';

import type { OrderDetail } from './OrderScreen.graphql';

type PlanOf = Pick<OrderDetail, 'paymentMethod' | 'installments' | 'totalCents' | 'interestCents'>;

/**
 * The card plan after the payment method ('em 12x de R$ 10,34 com juros'); '' for a single
 * payment or another method. A brand's share of an order (interestCents null) shows the count
 * only: its total is not the card's.
 */
export function installmentsText(order: PlanOf): string {
  if (order.paymentMethod !== 'CARD' || order.installments < 2) return '';
  if (order.interestCents === null) return ` em ${order.installments}x`;
  const plan = describeOrderInstallments({
    installments: order.installments,
    totalCents: order.totalCents,
    interestCents: order.interestCents,
  });
  return plan ? ` em ${plan}` : '';
}

/** The totals' row of the plan's interest ('Juros do parcelamento (12x)'), or null without any. */
export function interestRowLabel(order: PlanOf): string | null {
  if (!order.interestCents || order.interestCents <= 0) return null;
  return `Juros do parcelamento (${order.installments}x)`;
}
