// Pix through the bank's API (a PSP implementing the Banco Central's Pix API): the state
// Settings shows (PixProviderStatus of packages/api/schema.graphql) and orders whose Pix charge
// lives at the PSP (OrderPixCharge). The demo store has no PSP: these are for the stories and
// tests that need one.
import {
  makeStaffOrder,
  STAFF_ORDERS_NOW,
  type StaffOrderFixture,
} from '../orders/staffOrders.fixtures';
import type { OrderPixChargeNode } from '../../screens/dashboard/Orders/OrderScreen.graphql';
import type { PixProviderStatus } from '../../screens/dashboard/Settings/SettingsScreen.graphql';

/**
 * PixProviderStatus as ADMIN reads it (never a secret). `pixKeySet` is optional here: the mock
 * ignores it and answers whether the mock world's admin settings have a Pix key.
 */
export type PixProviderFixture = Omit<PixProviderStatus, 'pixKeySet'> & { pixKeySet?: boolean };

/** No PSP configured (the default): Pix is confirmed by hand or by bank statement. */
export function makePixProviderNotConfigured(): PixProviderFixture {
  return {
    configured: false,
    host: null,
    webhookConfigured: false,
    webhookRegistered: false,
    pendingCreationCount: 0,
    failedCount: 0,
    openCount: 0,
  };
}

/** A PSP configured with its webhook registered, a few charges open, one waiting, one refused. */
export function makePixProviderConfigured(
  overrides: Partial<PixProviderFixture> = {},
): PixProviderFixture {
  return {
    configured: true,
    host: 'pix.api.efipay.com.br',
    webhookConfigured: true,
    webhookRegistered: true,
    pendingCreationCount: 1,
    failedCount: 1,
    openCount: 3,
    ...overrides,
  };
}

/** OrderPixCharge as the API answers it. */
export type OrderPixChargeFixture = OrderPixChargeNode;

const at = (offsetMinutes: number) =>
  new Date(Date.parse(STAFF_ORDERS_NOW) + offsetMinutes * 60_000).toISOString();

export const BANK_PAID_ORDER_ID = 'order-10041';
export const BANK_REFUSED_ORDER_ID = 'order-10042';
export const BANK_END_TO_END_ID = 'E60701190202603101035a1B2c3D4e5F';

/** A Pix order paid through the PSP: the bank confirmed it (payment 'pix-psp'), waiting to ship. */
export function makeBankPaidPixOrder(): StaffOrderFixture {
  const placedAt = at(-90);
  const paidAt = at(-86);
  const base = makeStaffOrder({ id: BANK_PAID_ORDER_ID, number: 'VT-10041', createdAt: placedAt });
  return {
    ...base,
    paidAt,
    updatedAt: paidAt,
    timeline: [
      { ...base.timeline[0]!, createdAt: placedAt },
      { ...base.timeline[1]!, actorName: null, createdAt: paidAt },
    ],
    payments: [
      {
        id: `${BANK_PAID_ORDER_ID}-pay-1`,
        provider: 'pix-psp',
        providerPaymentId: BANK_END_TO_END_ID,
        confirmation: 'Confirmado pelo banco (Pix)',
        method: 'PIX',
        status: 'approved',
        amountCents: base.totalCents,
        refundedCents: 0,
        createdAt: paidAt,
        updatedAt: paidAt,
      },
    ],
    pixCharge: {
      status: 'CONCLUIDA',
      txid: 'vt7f3c2a9e41d84b6f9a0c5e2d1b3a4f60',
      endToEndId: BANK_END_TO_END_ID,
      receivedCents: base.totalCents,
      paidAt,
      lastError: null,
      attempts: 0,
    },
  };
}

/** A Pix order waiting for payment whose charge the PSP refused (the static code still works). */
export function makeBankRefusedPixOrder(): StaffOrderFixture {
  const placedAt = at(-6);
  const base = makeStaffOrder({
    id: BANK_REFUSED_ORDER_ID,
    number: 'VT-10042',
    createdAt: placedAt,
  });
  return {
    ...base,
    status: 'PENDING_PAYMENT',
    paymentStatus: 'PENDING',
    paidAt: null,
    updatedAt: placedAt,
    timeline: [{ ...base.timeline[0]!, createdAt: placedAt }],
    payments: [],
    paymentExpiresAt: at(24),
    lastMailSubject: `Recebemos seu pedido ${base.number}`,
    pixCharge: {
      status: 'FAILED',
      txid: 'vt0b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f',
      endToEndId: null,
      receivedCents: null,
      paidAt: null,
      lastError: 'O PSP do Pix recusou o pedido: A chave Pix informada não pertence ao recebedor.',
      attempts: 1,
    },
  };
}
