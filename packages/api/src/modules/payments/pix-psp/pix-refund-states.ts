// What became of a Pix devolução after the refund asked for it: the PSP answers EM_PROCESSAMENTO
// and later says DEVOLVIDO or NAO_REALIZADO (in the charge read back after its webhook). Each
// final state is written once to the order's timeline (a payment event per devolução and state
// keeps it once, whatever the number of deliveries), so staff see the money went back, or must
// return it another way.
import { formatBRL } from '@vitrine/rules';
import type { Database } from '../../../db';
import { appendOrderEvent, type Actor } from '../../orders/orders.transitions';
import { insertPaymentEventOnce, markPaymentEventProcessed } from '../payments.repository';
import type { PixCharge } from './provider';

/** Who the timeline says changed an order when the bank's Pix API did. */
export const PIX_BANK_ACTOR: Actor = { kind: 'provider', name: 'Pix (banco)' };

/** Records the devoluções of a charge that reached a final state; answers how many were new. */
export async function recordRefundStates(
  db: Database,
  orderId: string,
  charge: PixCharge,
  provider: string,
): Promise<number> {
  let recorded = 0;
  for (const pix of charge.pix) {
    for (const refund of pix.refunds) {
      if (refund.status === 'EM_PROCESSAMENTO') continue;
      const done = await db.transaction(async (tx) => {
        const eventId = await insertPaymentEventOnce(tx, {
          provider,
          eventId: `devolucao:${refund.id}:${refund.status}`,
          type: refund.status === 'DEVOLVIDO' ? 'refund.approved' : 'refund.rejected',
          providerPaymentId: pix.endToEndId,
          payload: { txid: charge.txid, endToEndId: pix.endToEndId, devolucao: refund },
        });
        if (!eventId) return false;
        await appendOrderEvent(tx, {
          orderId,
          type: 'payment',
          actor: PIX_BANK_ACTOR,
          note:
            refund.status === 'DEVOLVIDO'
              ? `Devolução Pix de ${formatBRL(refund.amountCents)} concluída pelo banco.`
              : `O banco não realizou a devolução Pix de ${formatBRL(refund.amountCents)}${refund.reason ? ` (${refund.reason})` : ''}: devolva o valor por outro meio.`,
          data: {
            provider,
            endToEndId: pix.endToEndId,
            pixDevolucao: { id: refund.id, status: refund.status, rtrId: refund.rtrId },
          },
        });
        await markPaymentEventProcessed(tx, eventId, { orderId, paymentId: null });
        return true;
      });
      if (done) recorded += 1;
    }
  }
  return recorded;
}
