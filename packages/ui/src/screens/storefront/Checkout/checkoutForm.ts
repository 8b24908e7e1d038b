// The checkout form: its fields and rules (Brazilian masks and check digits), the draft kept in
// sessionStorage so a lost connection never loses what was typed, the idempotency key kept per
// cart so a retry replays the same order, and the server's errors mapped back to fields.
import type { ApolloError } from '@apollo/client';
import { z } from 'zod';

import {
  brMessages,
  cepSchema,
  cpfSchema,
  emailSchema,
  fullNameSchema,
  phoneSchema,
  ufSchema,
} from '../../../forms/br';
import type { CartItemInput } from '../Cart/CartScreen.graphql';
import { EMPTY_CARD } from './payment/card';

const requiredText = (max: number) =>
  z.string().trim().min(1, brMessages.required).max(max, `Use no máximo ${max} caracteres.`);

export const checkoutSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  cpf: cpfSchema,
  phone: phoneSchema,
  postalCode: cepSchema,
  street: requiredText(200),
  number: z.string().trim().min(1, brMessages.number).max(20, brMessages.number),
  complement: z.string().trim().max(100, 'Use no máximo 100 caracteres.'),
  district: requiredText(100),
  city: requiredText(100),
  uf: ufSchema,
  shippingMethodId: z.string().min(1, 'Escolha uma forma de entrega.'),
  paymentMethod: z.enum(['PIX', 'CARD', 'BOLETO'], { error: 'Escolha uma forma de pagamento.' }),
  // The card: checked only when paying by card (cardErrors in the form's resolver), tokenised in
  // the browser, never kept in the draft nor sent to the store.
  cardNumber: z.string().optional(),
  cardHolder: z.string().optional(),
  cardExpiry: z.string().optional(),
  cardCvv: z.string().optional(),
  installments: z.string().optional(),
});

/** Street to UF: what a delivery needs and a pickup at the store does not. */
export const ADDRESS_LINE_FIELDS = [
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
] as const;

/**
 * Whether the order needs street to UF: a delivery does; a pickup does not, unless it is paid by
 * boleto, whose slip prints the payer's address (the server's rule too).
 */
export function needsAddressLines(
  shippingKind: 'DELIVERY' | 'PICKUP' | null | undefined,
  paymentMethod: string | null | undefined,
): boolean {
  return shippingKind !== 'PICKUP' || paymentMethod === 'BOLETO';
}

const leftOut = z
  .string()
  .optional()
  .transform(() => '');

/** A pickup needs no CEP: blank, or a well-formed one (the server refuses a malformed CEP). */
export const optionalCepSchema = z
  .string()
  .refine((value) => value.trim() === '' || cepSchema.safeParse(value).success, brMessages.cep);

/**
 * A pickup order's form: the address lines are neither checked nor sent (sent blank), and the
 * CEP is optional (collecting at the store needs none).
 */
export const pickupCheckoutSchema = checkoutSchema.extend({
  postalCode: optionalCepSchema,
  street: leftOut,
  number: leftOut,
  complement: leftOut,
  district: leftOut,
  city: leftOut,
  uf: leftOut,
});

/** What the shopper sends (validated; UF narrowed to one of the 27). */
export type CheckoutValues = z.output<typeof checkoutSchema>;
/** What the form holds while being filled. */
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutValues;
export type PaymentMethodValue = CheckoutValues['paymentMethod'];

export const EMPTY_CHECKOUT: CheckoutInput = {
  name: '',
  email: '',
  cpf: '',
  phone: '',
  postalCode: '',
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  uf: '',
  shippingMethodId: '',
  paymentMethod: 'PIX',
  ...EMPTY_CARD,
};

/** Fields in the order they appear, for focusing the first one in error. */
export const CHECKOUT_FIELD_ORDER: CheckoutField[] = [
  'name',
  'email',
  'cpf',
  'phone',
  'postalCode',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
  'shippingMethodId',
  'paymentMethod',
];

// ---------------------------------------------------------------------------------------------
// The draft: what the shopper typed, per tab, gone when the tab closes or the order is placed.

export const CHECKOUT_DRAFT_KEY = 'vitrine.checkout.draft';

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked by privacy settings: the form still works, without a draft
  }
}

export function readCheckoutDraft(): Partial<CheckoutInput> {
  try {
    const raw = session()?.getItem(CHECKOUT_DRAFT_KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const draft: Partial<Record<CheckoutField, string>> = {};
    for (const field of CHECKOUT_FIELD_ORDER) {
      const item = (value as Record<string, unknown>)[field];
      if (typeof item === 'string') draft[field] = item;
    }
    if (draft.paymentMethod && !['PIX', 'CARD', 'BOLETO'].includes(draft.paymentMethod)) {
      delete draft.paymentMethod;
    }
    return draft as Partial<CheckoutInput>;
  } catch {
    return {};
  }
}

export function writeCheckoutDraft(values: Partial<CheckoutInput>): void {
  // Card data never touches storage.
  const kept = Object.fromEntries(
    Object.entries(values).filter(([field]) => (CHECKOUT_FIELD_ORDER as string[]).includes(field)),
  );
  try {
    session()?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(kept));
  } catch {
    // A full storage keeps the form as it is, only without the safety copy.
  }
}

export function clearCheckoutDraft(): void {
  try {
    session()?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}

// ---------------------------------------------------------------------------------------------
// The idempotency key: one per cart. Retrying (a double click, a timeout, a lost connection)
// sends the same key, so the server answers with the order it already placed, never a second.

export const IDEMPOTENCY_STORAGE_KEY = 'vitrine.checkout.idempotency';

/** What identifies "this cart": its items and coupon. */
export function cartSignature(items: CartItemInput[], couponCode: string | null): string {
  const lines = [...items]
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0))
    .map((item) => `${item.variantId}x${item.quantity}`);
  return `${lines.join(',')}|${couponCode ?? ''}`;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The key of this cart, created and kept on first use. */
export function idempotencyKeyFor(signature: string): string {
  try {
    const raw = session()?.getItem(IDEMPOTENCY_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as { signature?: unknown; key?: unknown }) : null;
    if (stored && stored.signature === signature && typeof stored.key === 'string') {
      return stored.key;
    }
  } catch {
    // unreadable: make a new one
  }
  const key = newKey();
  try {
    session()?.setItem(IDEMPOTENCY_STORAGE_KEY, JSON.stringify({ signature, key }));
  } catch {
    // without storage the key lives as long as this page
  }
  return key;
}

export function forgetIdempotencyKey(): void {
  try {
    session()?.removeItem(IDEMPOTENCY_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}

// ---------------------------------------------------------------------------------------------
// Server errors.

/** What a server error can point at: a field of the form, or the cart's coupon (in the summary). */
export type CheckoutErrorField = CheckoutField | 'couponCode';

export type CheckoutError =
  | { kind: 'fields'; fields: Partial<Record<CheckoutErrorField, string>>; message: string | null }
  | { kind: 'stock'; message: string; variantId: string | null; available: number | null }
  | { kind: 'network'; message: string }
  /** The key already placed a different order (the cart changed after a lost answer). */
  | { kind: 'idempotency'; message: string }
  | { kind: 'general'; message: string };

// The server names fields by their place in PlaceOrderInput ('customer.cpf', 'address.uf').
const SERVER_FIELDS: Record<string, CheckoutErrorField> = {
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.cpf': 'cpf',
  'customer.phone': 'phone',
  'address.postalCode': 'postalCode',
  'address.street': 'street',
  'address.number': 'number',
  'address.complement': 'complement',
  'address.district': 'district',
  'address.city': 'city',
  'address.uf': 'uf',
  shippingMethodId: 'shippingMethodId',
  paymentMethod: 'paymentMethod',
  installments: 'installments',
  couponCode: 'couponCode',
};

// When the server gave no field, the message usually names it.
const FIELDS_BY_WORD: [RegExp, CheckoutErrorField][] = [
  [/\bcupo(m|ns)\b/i, 'couponCode'],
  [/\bparcel/i, 'installments'],
  [/\bCPF\b/i, 'cpf'],
  [/\bCEP\b/i, 'postalCode'],
  [/e-?mail/i, 'email'],
  [/telefone|celular/i, 'phone'],
  [/\bnome\b/i, 'name'],
  [/\bbairro\b/i, 'district'],
  [/\bcidade\b/i, 'city'],
  [/\b(UF|estado)\b/i, 'uf'],
  [/\bcomplemento\b/i, 'complement'],
  [/\b(rua|logradouro|endereço)\b/i, 'street'],
  [/\bn[úu]mero\b/i, 'number'],
  [/forma de entrega|\bfrete\b/i, 'shippingMethodId'],
  [/forma de pagamento|\bpagamento\b/i, 'paymentMethod'],
];

export function fieldOfServerError(
  field: string | null,
  message: string,
): CheckoutErrorField | null {
  if (field) {
    const mapped = SERVER_FIELDS[field] ?? SERVER_FIELDS[field.replace(/^input\./, '')];
    if (mapped) return mapped;
  }
  return FIELDS_BY_WORD.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

const NETWORK_MESSAGE =
  'Não foi possível falar com a loja: verifique sua conexão. Seus dados continuam aqui; é só tentar de novo.';
const GENERAL_MESSAGE = 'Não foi possível concluir o pedido agora. Tente novamente em instantes.';

/** Turns placeOrder's failure into what the form shows. */
export function readCheckoutError(error: ApolloError | Error): CheckoutError {
  const apollo = error as Partial<ApolloError>;
  const graphQLErrors = apollo.graphQLErrors ?? [];
  if (graphQLErrors.length === 0) {
    return apollo.networkError || !('graphQLErrors' in error)
      ? { kind: 'network', message: NETWORK_MESSAGE }
      : { kind: 'general', message: GENERAL_MESSAGE };
  }
  const fields: Partial<Record<CheckoutErrorField, string>> = {};
  let unplaced: string | null = null;
  for (const item of graphQLErrors) {
    const extensions = (item.extensions ?? {}) as Record<string, unknown>;
    const code = typeof extensions.code === 'string' ? extensions.code : null;
    const field = typeof extensions.field === 'string' ? extensions.field : null;
    // The API says BAD_USER_INPUT with reason OUT_OF_STOCK; older mocks say code OUT_OF_STOCK.
    if (code === 'OUT_OF_STOCK' || extensions.reason === 'OUT_OF_STOCK') {
      return {
        kind: 'stock',
        message: item.message,
        variantId: typeof extensions.variantId === 'string' ? extensions.variantId : null,
        available: typeof extensions.available === 'number' ? extensions.available : null,
      };
    }
    if (field === 'idempotencyKey') {
      return {
        kind: 'idempotency',
        message:
          'Seu pedido anterior pode já ter sido registrado: confira seu e-mail antes de tentar de novo.',
      };
    }
    if (field?.startsWith('items')) {
      return { kind: 'stock', message: item.message, variantId: null, available: null };
    }
    if (code !== 'BAD_USER_INPUT') {
      if (code === 'INTERNAL_SERVER_ERROR' || code === null) unplaced ??= GENERAL_MESSAGE;
      else unplaced ??= item.message;
      continue;
    }
    const target = fieldOfServerError(field, item.message);
    if (target && !fields[target]) fields[target] = item.message;
    else unplaced ??= item.message;
  }
  if (Object.keys(fields).length === 0) {
    return { kind: 'general', message: unplaced ?? GENERAL_MESSAGE };
  }
  return { kind: 'fields', fields, message: unplaced };
}
