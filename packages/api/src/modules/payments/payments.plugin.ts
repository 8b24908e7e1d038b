// Makes the payments service reachable (`app.payments`) and serves the gateway's webhook.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentProviderError, WebhookSignatureError } from './provider';
import type { PaymentProvider } from './provider';
import {
  createPaymentProvider,
  mercadoPagoSettingsFromEnv,
  MERCADO_PAGO_WEBHOOK_PATH,
} from './payments.config';
import { gatewayRefund } from './payments.refunds';
import { PaymentsService } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent until the payments plugin is registered (then every method but Pix is off). */
    payments?: PaymentsService;
  }
}

export interface PaymentsPluginOptions {
  /** The gateway to use; when undefined it is built from MERCADOPAGO_* (null: Pix only). */
  provider?: PaymentProvider | null;
  /** The gateway's public key for the browser SDK; from MERCADOPAGO_PUBLIC_KEY when undefined. */
  publicKey?: string | null;
}

/** The configured card/boleto gateway of this server, or null. */
export function paymentGateway(app: FastifyInstance): PaymentProvider | null {
  return app.payments?.provider ?? null;
}

export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, opts) => {
    // Registered once even when both the app and a test harness ask for it.
    if (app.hasDecorator('payments')) return;
    const settings =
      opts.provider !== undefined && opts.publicKey !== undefined
        ? null
        : mercadoPagoSettingsFromEnv(process.env);
    const provider =
      opts.provider !== undefined
        ? opts.provider
        : createPaymentProvider(settings, app.config.publicUrl);
    const publicKey = opts.publicKey !== undefined ? opts.publicKey : (settings?.publicKey ?? null);
    const service = new PaymentsService(provider, publicKey);
    app.decorate('payments', service);
    app.decorate('orderGatewayRefund', provider ? gatewayRefund(provider) : null);

    app.post(MERCADO_PAGO_WEBHOOK_PATH, async (request, reply) => {
      if (!service.provider || service.provider.name !== 'mercadopago') {
        return reply.code(404).send({ detail: 'Nenhum gateway de pagamento configurado.' });
      }
      try {
        const outcome = await service.handleWebhook(app.db, app.config.publicUrl, {
          headers: request.headers,
          query: (request.query ?? {}) as Record<string, unknown>,
          body: request.body,
        });
        // The paid mail, if any, was committed to the outbox with the change: send it now.
        if (outcome.kind === 'processed') app.mail.kick();
        if (outcome.kind === 'unknown-order') {
          request.log.warn({ eventId: outcome.eventId }, 'payment webhook for an unknown order');
        }
        return reply.code(200).send({ status: outcome.kind });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'payment webhook with a bad signature');
          return reply.code(401).send({ detail: 'Assinatura do webhook inválida.' });
        }
        if (error instanceof PaymentProviderError) {
          // 5xx makes the gateway deliver the notification again later.
          request.log.error({ err: error }, 'payment webhook: could not read the payment back');
          return reply
            .code(503)
            .send({ detail: 'Gateway de pagamento indisponível. Tente novamente.' });
        }
        throw error;
      }
    });
  },
  { name: 'vitrine-payments', dependencies: ['vitrine-db', 'vitrine-mail'] },
);
