// Staff refunds of orders paid through the PSP's Pix API go back by Pix devolução
// (PUT /v2/pix/{e2eid}/devolucao/{id}), inside the refund's transaction as its last step, like
// the card gateway's (payments.refunds.ts): the refund row's id is the devolução's id, so a retried
// call never returns the money twice, and a PSP that refuses or is down rolls the refund back with
// a message staff can act on.
import type { Executor } from '../../../db';
import { badUserInput } from '../../../graphql/errors';
import type { GatewayRefund } from '../../orders/orders.transitions';
import {
  addPaymentRefundedCents,
  findApprovedPayment,
  linkRefundToGatewayPayment,
} from '../payments.repository';
import { PIX_PSP_PROVIDER } from './pix-charges.service';
import { PixProviderError, type PixProvider } from './provider';

/** The devolução's id: the refund row's id without dashes (the standard allows 1 to 35). */
export function devolucaoId(refundId: string): string {
  return `d${refundId.replace(/-/g, '')}`;
}

export function pixRefund(provider: (tx: Executor) => Promise<PixProvider | null>): GatewayRefund {
  return async (tx, orderId, refundId, amountCents) => {
    const payment = await findApprovedPayment(tx, orderId, PIX_PSP_PROVIDER);
    if (!payment) return {};
    const psp = await provider(tx);
    if (!psp) {
      throw badUserInput(
        'Este pedido foi pago pelo Pix do banco, mas a loja está sem chave Pix: configure-a para devolver. Nada foi alterado no pedido.',
      );
    }
    try {
      const refund = await psp.refund({
        endToEndId: payment.providerPaymentId,
        refundId: devolucaoId(refundId),
        amountCents,
      });
      if (refund.status === 'NAO_REALIZADO') {
        throw badUserInput(
          `O banco não realizou a devolução do Pix${refund.reason ? ` (${refund.reason})` : ''}. Nada foi alterado no pedido.`,
        );
      }
      await linkRefundToGatewayPayment(tx, refundId, payment.id, refund.rtrId ?? refund.id);
      await addPaymentRefundedCents(tx, payment.id, amountCents);
      return {
        provider: PIX_PSP_PROVIDER,
        providerRefundId: refund.rtrId ?? refund.id,
        pixDevolucao: {
          id: refund.id,
          status: refund.status,
          endToEndId: payment.providerPaymentId,
        },
      };
    } catch (error) {
      if (error instanceof PixProviderError) {
        throw badUserInput(
          `Não foi possível devolver o Pix pelo banco: ${error.message} Nada foi alterado no pedido.`,
        );
      }
      throw error;
    }
  };
}
