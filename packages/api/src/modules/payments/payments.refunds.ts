// Staff refunds of orders paid through the card/boleto gateway: the money goes back there too.
// orders declares the port (GatewayRefund) and the payments plugin plugs this in.
import { badUserInput } from '../../graphql/errors';
import type { GatewayRefund } from '../orders/orders.transitions';
import {
  addPaymentRefundedCents,
  findApprovedPayment,
  linkRefundToGatewayPayment,
} from './payments.repository';
import { PaymentProviderError, type PaymentProvider } from './provider';

/**
 * When the order was paid through the configured gateway, returns the money there too (the
 * refund row's id is the idempotency key, so a retried call never refunds twice). A gateway
 * failure rolls the whole refund back with a message staff can act on. The call is the last step
 * before the commit, so only a crash between the gateway's answer and the commit could leave a
 * refund unrecorded here; the gateway's next notification for the payment shows it on the
 * payment record.
 */
export function gatewayRefund(gateway: PaymentProvider): GatewayRefund {
  return async (tx, orderId, refundId, amountCents) => {
    const payment = await findApprovedPayment(tx, orderId, gateway.name);
    if (!payment) return {};
    try {
      const refund = await gateway.refund(payment.providerPaymentId, {
        idempotencyKey: `refund-${refundId}`,
        amountCents,
      });
      if (refund.status === 'rejected') {
        throw badUserInput(`O ${gateway.name} recusou o reembolso. Nada foi alterado no pedido.`);
      }
      await linkRefundToGatewayPayment(tx, refundId, payment.id, refund.refundId);
      await addPaymentRefundedCents(tx, payment.id, amountCents);
      return { provider: gateway.name, providerRefundId: refund.refundId };
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        throw badUserInput(
          `Não foi possível reembolsar pelo ${gateway.name}: ${error.message} Nada foi alterado no pedido.`,
        );
      }
      throw error;
    }
  };
}
