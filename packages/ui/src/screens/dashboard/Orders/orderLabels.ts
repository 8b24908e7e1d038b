// Portuguese names and chip colours of an order's statuses and payment methods, for staff.
import type { ChipProps } from '@mui/material/Chip';
import {
  FULFILMENT_STATUS_LABELS as RULES_FULFILMENT_LABELS,
  ORDER_STATUS_LABELS as RULES_ORDER_LABELS,
  PAYMENT_STATUS_LABELS as RULES_PAYMENT_LABELS,
  STAFF_ROLE_LABELS,
} from '@vitrine/rules';

import type {
  FulfilmentStatus,
  OrderSort,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  StaffRole,
} from '../../../graphql/generated';

// The schema's enums, generated from the SDL: a new status cannot be forgotten in the labels.
export type {
  FulfilmentStatus,
  OrderSort,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '../../../graphql/generated';
export type { StaffRole };

type ChipColor = NonNullable<ChipProps['color']>;

// The words live in @vitrine/rules (the server's messages and CSV say the same); typed here by the
// schema's enums, so a status the SDL adds and the rules forget fails the type check.
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = RULES_ORDER_LABELS;
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = RULES_PAYMENT_LABELS;
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = RULES_FULFILMENT_LABELS;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  PIX: 'Pix',
  CARD: 'Cartão',
  BOLETO: 'Boleto',
};

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  NEWEST: 'Mais recentes',
  OLDEST: 'Mais antigos',
  TOTAL_DESC: 'Maior valor',
  TOTAL_ASC: 'Menor valor',
  EXPIRES_SOONEST: 'Pix que expiram antes',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, ChipColor> = {
  PENDING_PAYMENT: 'warning',
  PAID: 'primary',
  SHIPPED: 'secondary',
  DELIVERED: 'success',
  CANCELED: 'default',
  REFUNDED: 'error',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, ChipColor> = {
  PENDING: 'warning',
  AUTHORIZED: 'primary',
  PAID: 'success',
  FAILED: 'error',
  CANCELED: 'default',
  EXPIRED: 'default',
  REFUNDED: 'secondary',
  PARTIALLY_REFUNDED: 'secondary',
};

/**
 * The fulfilment chip's words and colour, which depend on the payment: a paid order not sent yet
 * is 'A enviar' (a task, warning colour); an unpaid one is 'Aguarda pagamento' (nothing to do
 * yet), one whose payment failed, expired or was cancelled 'Não enviado'.
 */
export function fulfilmentChip(
  status: FulfilmentStatus,
  paymentStatus?: PaymentStatus,
): { label: string; color: ChipColor } {
  if (status !== 'UNFULFILLED' || paymentStatus === undefined) {
    return { label: FULFILMENT_STATUS_LABELS[status], color: FULFILMENT_STATUS_COLORS[status] };
  }
  if (paymentStatus === 'PAID' || paymentStatus === 'PARTIALLY_REFUNDED') {
    return { label: 'A enviar', color: 'warning' };
  }
  if (paymentStatus === 'PENDING' || paymentStatus === 'AUTHORIZED') {
    return { label: 'Aguarda pagamento', color: 'default' };
  }
  return { label: FULFILMENT_STATUS_LABELS.UNFULFILLED, color: 'default' };
}

export const FULFILMENT_STATUS_COLORS: Record<FulfilmentStatus, ChipColor> = {
  UNFULFILLED: 'warning',
  READY_FOR_PICKUP: 'primary',
  SHIPPED: 'primary',
  DELIVERED: 'success',
  CANCELED: 'default',
  RETURNED: 'secondary',
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = STAFF_ROLE_LABELS;

/** A Correios tracking code (AA123456785BR). */
export const CORREIOS_CODE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

export const CORREIOS_TRACKING_URL = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

/** Where to follow a shipment: the API's trackingUrl, or Correios' page for a Correios code. */
export function trackingLink(
  trackingUrl: string | null,
  trackingCode: string | null,
): string | null {
  if (trackingUrl) return trackingUrl;
  if (trackingCode && CORREIOS_CODE.test(trackingCode)) {
    return `${CORREIOS_TRACKING_URL}${encodeURIComponent(trackingCode)}`;
  }
  return null;
}

/** 'CEP 01310-100'. */
export function formatCep(postalCode: string): string {
  return /^\d{8}$/.test(postalCode)
    ? `${postalCode.slice(0, 5)}-${postalCode.slice(5)}`
    : postalCode;
}

/** An ADMIN's 11 digits as 123.456.789-09; a masked CPF as the API gives it. */
export function displayCpf(cpf: string): string {
  return /^\d{11}$/.test(cpf)
    ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
    : cpf;
}

/** '11987654321' -> '(11) 98765-4321'. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return phone;
}

/** The address on lines, for the page and the copy button (empty for a pickup order). */
export function addressLines(address: {
  postalCode: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
}): string[] {
  if (!address.street && !address.city) return [];
  return [
    [`${address.street}, ${address.number}`, address.complement].filter(Boolean).join(' – '),
    address.district,
    `${address.city} – ${address.uf}`,
    `CEP ${formatCep(address.postalCode)}`,
  ].filter((line) => line.trim() !== '');
}

/** A weight in grams as kilograms with three decimals ('0,700'); '' when unknown (0). */
/** A parcel as the Correios form writes it: '30 × 20 × 11 cm' (C × L × A); '' when unknown. */
export function formatParcel(
  parcel: { lengthCm: number; widthCm: number; heightCm: number } | null,
): string {
  return parcel ? `${parcel.lengthCm} × ${parcel.widthCm} × ${parcel.heightCm} cm` : '';
}

export function formatKg(grams: number): string {
  if (!Number.isFinite(grams) || grams <= 0) return '';
  return (grams / 1000).toLocaleString('pt-BR', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
}
