// The contract every card/boleto gateway adapter fulfils, in the store's own terms: centavos,
// order numbers and a small set of statuses. Pix (static BR Code) needs no gateway.

/** Normalised payment status, whatever words the gateway uses. */
export type PaymentStatus =
  | 'pending' // created, waiting for the payer or the gateway (boleto not paid, in review)
  | 'authorized' // card funds reserved, not captured yet
  | 'approved' // money received (captured)
  | 'rejected' // declined
  | 'cancelled' // voided or expired before being paid
  | 'refunded'; // money returned (refund or chargeback)

export type GatewayPaymentMethod = 'card' | 'boleto';

export interface PayerAddress {
  cep: string;
  street: string;
  number: string;
  district: string;
  city: string;
  uf: string;
}

export interface Payer {
  email: string;
  firstName?: string;
  lastName?: string;
  /** 11 digits. */
  cpf?: string;
  /** Boleto needs the payer's address. */
  address?: PayerAddress;
}

export interface AuthoriseInput {
  orderNumber: string;
  amountCents: number;
  /** The same key replayed must never create a second charge. */
  idempotencyKey: string;
  method: GatewayPaymentMethod;
  description: string;
  payer: Payer;
  /** Card token made by the gateway's browser SDK; raw card data never reaches the server. */
  cardToken?: string;
  /** The gateway's brand or method id: 'visa', 'master', 'bolbradesco', ... */
  paymentMethodId?: string;
  installments?: number;
  /** Cards only: capture at once (true) or just reserve the funds (false, the default). */
  capture?: boolean;
}

export interface ProviderPayment {
  providerPaymentId: string;
  /** Our order number, as sent when the payment was created. */
  orderNumber: string | null;
  status: PaymentStatus;
  /** The gateway's own status and detail, kept for the timeline and for support. */
  providerStatus: string;
  statusDetail: string | null;
  amountCents: number;
  refundedAmountCents: number;
  /** Boleto only: where the payer gets the slip, its typeable line and due date. */
  boleto: { url: string | null; barcode: string | null; expiresAt: string | null } | null;
}

export interface ProviderRefund {
  refundId: string;
  providerPaymentId: string;
  amountCents: number;
  status: 'pending' | 'approved' | 'rejected';
}

export interface MoneyOperationOptions {
  idempotencyKey: string;
  /** Partial amount; the whole payment when absent. */
  amountCents?: number;
}

/** What the HTTP layer hands over from a webhook call, untouched. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A verified, normalised webhook event. */
export interface PaymentEvent {
  /**
   * Deterministic per (payment, status): the same notification delivered ten times has the same
   * id, so storing it under a unique constraint makes one state change.
   */
  eventId: string;
  providerPaymentId: string;
  orderNumber: string | null;
  status: PaymentStatus;
  /** As read back from the gateway, never from the webhook body; compare with the order total. */
  amountCents: number;
  /** The gateway's own status word (e.g. 'refunded' or 'charged_back' behind 'refunded'). */
  providerStatus?: string;
  /** How much the gateway says went back to the payer, when it says. */
  refundedAmountCents?: number;
}

export interface PaymentProvider {
  readonly name: string;
  authorise(input: AuthoriseInput): Promise<ProviderPayment>;
  capture(providerPaymentId: string, options: MoneyOperationOptions): Promise<ProviderPayment>;
  refund(providerPaymentId: string, options: MoneyOperationOptions): Promise<ProviderRefund>;
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Checks the signature and reads the payment back from the gateway. Returns null for
   * notifications about other things (say, merchant orders); throws WebhookSignatureError
   * when the call did not come from the gateway.
   */
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent | null>;
}

export type PaymentProviderErrorCode =
  | 'UNAVAILABLE' // network failure, timeout or a 5xx: safe to retry with the same key
  | 'UNAUTHORIZED' // bad credentials: a configuration problem
  | 'NOT_FOUND'
  | 'REJECTED_REQUEST' // the gateway refused the request as invalid
  | 'BAD_RESPONSE'; // the gateway answered something we cannot read

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    readonly code: PaymentProviderErrorCode,
    message: string,
    readonly httpStatus: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
