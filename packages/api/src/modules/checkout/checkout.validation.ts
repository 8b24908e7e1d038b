// Validation of everything a shopper sends to the checkout, before any database access: a bad
// field gives a CheckoutError naming it (in Portuguese), so nothing is ever half-written.
import { isUuid } from '../../lib/ids';
import { createHash } from 'node:crypto';
import { checkCartItems, readCartCouponCode } from '@vitrine/rules';
import { checkEmail } from '@vitrine/rules';
import { CPF_ERROR_MESSAGE, isValidCpf, normaliseCpf } from '@vitrine/rules';
import { normalisePhone, PHONE_ERROR_MESSAGE } from '@vitrine/rules';
import { normaliseUf, UF_ERROR_MESSAGE, type Uf } from '@vitrine/rules';
import { CEP_ERROR_MESSAGE, isValidCep, normaliseCep } from '@vitrine/rules';
import type { PaymentMethodCode } from '../orders/orders.tables';
import { CheckoutError } from './checkout.errors';

/** At most MAX_QUANTITY_PER_LINE units of one variant per order (also a CHECK on order_lines) and
 * MAX_CART_LINES distinct variants per cart: the cart's rule, @vitrine/rules cart.ts. */
export { COUPON_FORMAT_MESSAGE, MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from '@vitrine/rules';
/** Card installments the store can ever offer (settingsUpdate caps maxInstallments at 12). */
export const MAX_INSTALLMENTS = 12;

// Control characters (NUL above all, which PostgreSQL text refuses) never belong in a form field.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export interface CartItemInput {
  variantId: string;
  quantity: number;
}

export interface CartItem {
  variantId: string;
  quantity: number;
  /** Index of the item in the request (after merging repeated variants), for error fields. */
  index: number;
}

export interface CustomerInput {
  name: string;
  email: string;
  cpf: string;
  phone: string;
}

export interface AddressInput {
  postalCode: string;
  street: string;
  number: string;
  complement?: string | null;
  district: string;
  city: string;
  uf: string;
}

export interface PlaceOrderInput {
  items: CartItemInput[];
  customer: CustomerInput;
  address: AddressInput;
  shippingMethodId: string;
  paymentMethod: string;
  /** Card only: 1 up to the installment offer of the total (interest-free). */
  installments?: number | null;
  couponCode?: string | null;
  idempotencyKey: string;
}

export interface ValidatedOrder {
  items: CartItem[];
  customer: { name: string; email: string; cpf: string; phone: string };
  address: {
    /** 8 digits; '' when left out (allowed for pickup only, see assertDeliveryAddress). */
    postalCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    /** '' when left out (allowed for pickup only, see assertDeliveryAddress). */
    uf: Uf | '';
  };
  shippingMethodId: string;
  paymentMethod: PaymentMethodCode;
  /** 1 unless paying by card in installments (checked against the offer in the transaction). */
  installments: number;
  couponCode: string | null;
  idempotencyKey: string;
  /** sha256 of the normalised request: a key replayed with a different order is refused. */
  requestHash: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(field: string, message: string): never {
  throw new CheckoutError(message, field);
}

/** A trimmed string of minLength..maxLength characters without control characters. */
function textField(
  value: unknown,
  field: string,
  label: string,
  { min = 1, max }: { min?: number; max: number },
): string {
  if (typeof value !== 'string') fail(field, `Informe ${label}.`);
  const text = value.trim().replace(/\s+/g, ' ');
  if (CONTROL_CHARS.test(text)) fail(field, `${capitalise(label)} tem caracteres inválidos.`);
  if (text.length < min)
    fail(field, min <= 1 ? `Informe ${label}.` : `${capitalise(label)} é curto demais.`);
  if (text.length > max) fail(field, `${capitalise(label)} pode ter no máximo ${max} caracteres.`);
  return text;
}

/** A text field that may be absent or blank (then ''); when given, the same rules as textField. */
function optionalText(value: unknown, field: string, label: string, max: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && value.trim() === '') return '';
  return textField(value, field, label, { max });
}

function capitalise(text: string): string {
  const plain = text.replace(/^(o|a|os|as) /, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/**
 * Validates the cart items: 1 to 50 distinct variants, each a known id shape with a whole
 * quantity from 1 to 50. A variant listed twice is merged into its first line.
 */
export function validateCartItems(value: unknown, field = 'items'): CartItem[] {
  const checked = checkCartItems(value, field, isUuid);
  if (!checked.ok) fail(checked.field, checked.message);
  return checked.items;
}

/** An optional CEP ('' and null mean none); throws naming the field when it is malformed. */
export function validateOptionalCep(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') fail(field, CEP_ERROR_MESSAGE);
  if (value.trim() === '') return null;
  return validateCep(value, field);
}

export function validateCep(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 20 || !isValidCep(value)) {
    fail(field, CEP_ERROR_MESSAGE);
  }
  return normaliseCep(value);
}

/**
 * An optional coupon code, trimmed and upper-cased (blank means none), or why it cannot be one.
 * Never throws: cartPreview answers a malformed code as its couponError and prices the cart
 * without it, so a code typed (and saved) with a space or a '!' never blocks the cart.
 */
export const readOptionalCouponCode = readCartCouponCode;

/** An optional coupon code, upper-cased; blank means none; malformed throws naming the field. */
export function validateOptionalCouponCode(value: unknown, field: string): string | null {
  const { code, error } = readOptionalCouponCode(value);
  if (error !== null) fail(field, error);
  return code;
}

const PAYMENT_METHODS: readonly PaymentMethodCode[] = ['PIX', 'CARD', 'BOLETO'];

/** Validates the whole order request; the returned values are normalised (digits only, etc.). */
export function validatePlaceOrderInput(value: unknown): ValidatedOrder {
  if (!isRecord(value)) fail('input', 'Dados do pedido ausentes.');
  const items = validateCartItems(value.items, 'items');

  const rawCustomer = value.customer;
  if (!isRecord(rawCustomer)) fail('customer', 'Informe seus dados.');
  const name = textField(rawCustomer.name, 'customer.name', 'o nome completo', {
    min: 3,
    max: 120,
  });
  if (!/\p{L}/u.test(name)) fail('customer.name', 'Informe o nome completo.');
  // The store's one e-mail rule (@vitrine/rules checkEmail): no quoted local part, no invisible
  // character, so one mailbox has one spelling for the per-shopper limits.
  const emailCheck = checkEmail(typeof rawCustomer.email === 'string' ? rawCustomer.email : '');
  if (!emailCheck.ok) fail('customer.email', emailCheck.message);
  const email = emailCheck.email.toLowerCase();
  const cpfRaw = rawCustomer.cpf;
  if (typeof cpfRaw !== 'string' || cpfRaw.length > 20 || !isValidCpf(cpfRaw)) {
    fail('customer.cpf', CPF_ERROR_MESSAGE);
  }
  const cpf = normaliseCpf(cpfRaw)!;
  const phoneRaw = rawCustomer.phone;
  const phone = typeof phoneRaw === 'string' ? normalisePhone(phoneRaw) : null;
  if (phone === null) fail('customer.phone', PHONE_ERROR_MESSAGE);

  const rawAddress = value.address;
  if (!isRecord(rawAddress)) fail('address', 'Informe o endereço.');
  // The CEP and street to UF may be left out: a pickup order needs no address. Whatever is sent is
  // checked here; whether it is required is decided with the shipping method (assertDeliveryAddress).
  const postalCode = validateOptionalCep(rawAddress.postalCode, 'address.postalCode') ?? '';
  const street = optionalText(rawAddress.street, 'address.street', 'a rua', 200);
  const number = optionalText(rawAddress.number, 'address.number', 'o número', 20);
  const complementRaw = rawAddress.complement;
  const complement =
    complementRaw === null || complementRaw === undefined || complementRaw === ''
      ? null
      : textField(complementRaw, 'address.complement', 'o complemento', { min: 0, max: 100 }) ||
        null;
  const district = optionalText(rawAddress.district, 'address.district', 'o bairro', 100);
  const city = optionalText(rawAddress.city, 'address.city', 'a cidade', 100);
  const rawUf = rawAddress.uf;
  let uf: Uf | '' = '';
  if (
    rawUf !== null &&
    rawUf !== undefined &&
    !(typeof rawUf === 'string' && rawUf.trim() === '')
  ) {
    const known = typeof rawUf === 'string' && rawUf.length <= 10 ? normaliseUf(rawUf) : null;
    if (known === null) fail('address.uf', UF_ERROR_MESSAGE);
    uf = known;
  }

  if (!isUuid(value.shippingMethodId)) {
    fail('shippingMethodId', 'Escolha uma forma de entrega.');
  }
  const paymentMethod = value.paymentMethod;
  if (typeof paymentMethod !== 'string' || !PAYMENT_METHODS.includes(paymentMethod as never)) {
    fail('paymentMethod', 'Escolha uma forma de pagamento.');
  }
  const rawInstallments = value.installments;
  let installments = 1;
  if (rawInstallments !== null && rawInstallments !== undefined) {
    if (
      typeof rawInstallments !== 'number' ||
      !Number.isInteger(rawInstallments) ||
      rawInstallments < 1 ||
      rawInstallments > MAX_INSTALLMENTS
    ) {
      fail('installments', `Escolha de 1 a ${MAX_INSTALLMENTS} parcelas.`);
    }
    if (rawInstallments > 1 && paymentMethod !== 'CARD') {
      fail('installments', 'Só é possível parcelar no cartão de crédito.');
    }
    installments = rawInstallments;
  }
  const couponCode = validateOptionalCouponCode(value.couponCode, 'couponCode');
  const idempotencyKey = value.idempotencyKey;
  if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    fail(
      'idempotencyKey',
      'Chave de idempotência inválida: use de 8 a 100 letras, números, "-", "_", "." ou ":".',
    );
  }

  const validated: Omit<ValidatedOrder, 'requestHash'> = {
    items,
    customer: { name, email, cpf, phone },
    address: { postalCode, street, number, complement, district, city, uf },
    shippingMethodId: value.shippingMethodId.toLowerCase(),
    paymentMethod: paymentMethod as PaymentMethodCode,
    installments,
    couponCode,
    idempotencyKey,
  };
  return { ...validated, requestHash: requestHash(validated) };
}

/** Why a delivery (or a boleto's payer) without a CEP is refused. */
export const CEP_REQUIRED_MESSAGE = 'Informe o CEP.';

/**
 * A delivery needs the whole address, its CEP included; called once the chosen method is known
 * to be a delivery (or the order is paid by boleto). The messages are those of a missing field,
 * on the same fields.
 */
export function assertDeliveryAddress(
  address: ValidatedOrder['address'],
): asserts address is ValidatedOrder['address'] & { uf: Uf } {
  if (address.postalCode === '') fail('address.postalCode', CEP_REQUIRED_MESSAGE);
  if (address.street === '') fail('address.street', 'Informe a rua.');
  if (address.number === '') fail('address.number', 'Informe o número.');
  if (address.district === '') fail('address.district', 'Informe o bairro.');
  if (address.city === '') fail('address.city', 'Informe a cidade.');
  if (address.uf === '') fail('address.uf', UF_ERROR_MESSAGE);
}

function requestHash(order: Omit<ValidatedOrder, 'requestHash' | 'idempotencyKey'>): string {
  const canonical = JSON.stringify({
    items: [...order.items]
      .map((item) => [item.variantId, item.quantity])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    customer: order.customer,
    address: order.address,
    shippingMethodId: order.shippingMethodId,
    paymentMethod: order.paymentMethod,
    couponCode: order.couponCode,
    // Only when it differs from the default, so keys of orders placed before it existed match.
    ...(order.installments !== 1 ? { installments: order.installments } : {}),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
