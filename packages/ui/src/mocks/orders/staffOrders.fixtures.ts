// Orders as staff see them (the `Order` type of packages/api/schema.graphql), for the dashboard's
// grid, order page, Pix queue and home. Fields the API derives per caller (itemCount, brandNames,
// pixTxid, allowedActions, a BRAND_MANAGER's share) are computed by the orders mock's resolvers.
import {
  cpfWithCheckDigits,
  describeOrderInstallments,
  formatBRL,
  installmentOptionFor,
  isCorreiosCarrier,
  orderNumber,
  SHIPMENT_STATUS_LABELS,
  stackedParcel,
  type ShipmentStatus,
} from '@vitrine/rules';

import type { OrderPixChargeFixture } from '../payments/pixPsp.fixtures';
import { productArtUrl, type ShipmentEventFixture } from '../catalog/storefront.fixtures';
import type {
  FulfilmentStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '../../graphql/generated';
import type {
  OrderLineNode,
  OrderShippingLabelNode,
} from '../../screens/dashboard/Orders/OrderScreen.graphql';
import type { SavedViewNode } from '../../screens/dashboard/Orders/OrdersScreen.graphql';

// The schema's enums (generated from the SDL).
export type StaffOrderStatus = OrderStatus;
export type StaffPaymentStatus = PaymentStatus;
export type StaffFulfilmentStatus = FulfilmentStatus;
export type StaffPaymentMethod = PaymentMethod;

export interface StaffOrderLineFixture extends OrderLineNode {
  position: number;
  variantId: string | null;
  productId: string | null;
  brandId: string | null;
}

export interface StaffOrderEventFixture {
  id: string;
  type: string;
  fromStatus: StaffOrderStatus | null;
  toStatus: StaffOrderStatus | null;
  /** staff, system, customer or provider. */
  actor: string;
  actorStaffId: string | null;
  actorName: string | null;
  note: string | null;
  /** What the event changed, as the API says it (a tracking correction's before and after). */
  detail?: string | null;
  createdAt: string;
}

export interface StaffOrderPaymentFixture {
  id: string;
  provider: string;
  providerPaymentId: string;
  /** A 'manual' payment: who confirmed it, as the server words it; null otherwise. */
  confirmation: string | null;
  method: StaffPaymentMethod;
  status: string;
  amountCents: number;
  refundedCents: number;
  createdAt: string;
  updatedAt: string;
}

export interface StaffOrderRefundFixture {
  id: string;
  amountCents: number;
  reason: string;
  staffName: string | null;
  createdAt: string;
}

export interface StaffOrderFixture {
  id: string;
  number: string;
  status: StaffOrderStatus;
  paymentStatus: StaffPaymentStatus;
  fulfilmentStatus: StaffFulfilmentStatus;
  paymentMethod: StaffPaymentMethod;
  installments: number;
  /** The whole customer; the resolvers mask the CPF (SUPPORT) or hide contacts (BRAND_MANAGER). */
  customer: { name: string; email: string; cpf: string; phone: string };
  address: {
    postalCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    uf: string;
  };
  shippingMethodName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  shippingBusinessDays: number;
  /** The parcel's billable weight in grams, as quoted at checkout. */
  weightGrams: number;
  /** The parcel by @vitrine/rules' stackedParcel (null: a variant without dimensions). */
  parcel: { lengthCm: number; widthCm: number; heightCm: number } | null;
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number;
  /** The card plan's interest (Price table), part of totalCents; 0 when none. */
  interestCents: number;
  totalCents: number;
  refundedCents: number;
  couponCode: string | null;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  /** The carrier's latest status of the parcel; absent or null until the carrier is read. */
  trackingStatus?: ShipmentStatus | null;
  /** The label bought (or tried) from the carrier (ordersBuyLabels); absent: none. */
  shippingLabel?: StaffShippingLabelFixture | null;
  /** Stories: the carrier's refusal of this order's label (its words). */
  labelRefusal?: string;
  /** The carrier's events of the parcel, oldest first; absent: none. */
  shipmentEvents?: ShipmentEventFixture[];
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  refundedAt: string | null;
  lines: StaffOrderLineFixture[];
  /** Oldest first. */
  timeline: StaffOrderEventFixture[];
  payments: StaffOrderPaymentFixture[];
  refunds: StaffOrderRefundFixture[];
  paymentExpiresAt: string | null;
  lastMailSubject: string | null;
  /** The order's Pix charge at the PSP (payments/pixPsp.fixtures.ts); absent or null: no PSP. */
  pixCharge?: OrderPixChargeFixture | null;
}

/** The instant the default fixtures are written around (stable dates for screenshots). */
export const STAFF_ORDERS_NOW = '2026-03-10T15:00:00.000Z';

export const CORREIOS_TRACKING_URL = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

/** The staff member the fixtures' staff events name (the staff mock's default `me`). */
const ANA = { id: 'staff-1', name: 'Ana Souza' };
const BRUNO = { id: 'staff-2', name: 'Bruno Lima' };

interface CatalogItem {
  productId: string;
  brandId: string;
  brandName: string;
  productName: string;
  variantLabel: string;
  sku: string;
  art: Parameters<typeof productArtUrl>[0];
  color: string;
  unitPriceCents: number;
  compareAtPriceCents?: number;
}

/** What the fixtures' orders buy: products of the storefront fixtures' four brands. */
export const STAFF_ORDER_ITEMS: CatalogItem[] = [
  {
    productId: 'p-camiseta',
    brandId: 'brand-aurora',
    brandName: 'Aurora',
    productName: 'Camiseta básica de algodão orgânico',
    variantLabel: 'Tamanho M · Cor Branco',
    sku: 'AUR-CAM-M-BRA',
    art: 'tshirt',
    color: '#fafafa',
    unitPriceCents: 7990,
  },
  {
    productId: 'p-vestido',
    brandId: 'brand-aurora',
    brandName: 'Aurora',
    productName: 'Vestido midi de linho',
    variantLabel: 'Tamanho P · Cor Terracota',
    sku: 'AUR-VES-P-TER',
    art: 'dress',
    color: '#c2410c',
    unitPriceCents: 18990,
    compareAtPriceCents: 22990,
  },
  {
    productId: 'p-biquini',
    brandId: 'brand-mare',
    brandName: 'Maré',
    productName: 'Biquíni com proteção UV 50+',
    variantLabel: 'Tamanho M · Cor Azul',
    sku: 'MAR-BIQ-M-AZU',
    art: 'bikini',
    color: '#0e7490',
    unitPriceCents: 12990,
  },
  {
    productId: 'p-bermuda',
    brandId: 'brand-mare',
    brandName: 'Maré',
    productName: 'Bermuda de secagem rápida',
    variantLabel: 'Tamanho 42 · Cor Areia',
    sku: 'MAR-BER-42-ARE',
    art: 'shorts',
    color: '#d6c7a1',
    unitPriceCents: 9990,
  },
  {
    productId: 'p-tenis',
    brandId: 'brand-serra',
    brandName: 'Serra',
    productName: 'Tênis de trilha com solado reciclado',
    variantLabel: 'Tamanho 39 · Cor Verde',
    sku: 'SER-TEN-39-VER',
    art: 'sneaker',
    color: '#3f6212',
    unitPriceCents: 34990,
  },
  {
    productId: 'p-sandalia',
    brandId: 'brand-serra',
    brandName: 'Serra',
    productName: 'Sandália de borracha',
    variantLabel: 'Tamanho 37 · Cor Preto',
    sku: 'SER-SAN-37-PRE',
    art: 'sandal',
    color: '#1f2937',
    unitPriceCents: 8990,
  },
  {
    productId: 'p-bolsa',
    brandId: 'brand-lumi',
    brandName: 'Lumi',
    productName: 'Bolsa de couro vegetal',
    variantLabel: 'Único · Cor Caramelo',
    sku: 'LUM-BOL-U-CAR',
    art: 'bag',
    color: '#b45309',
    unitPriceCents: 25990,
  },
  {
    productId: 'p-bone',
    brandId: 'brand-lumi',
    brandName: 'Lumi',
    productName: 'Boné de algodão',
    variantLabel: 'Único · Cor Roxo',
    sku: 'LUM-BON-U-ROX',
    art: 'cap',
    color: '#7e22ce',
    unitPriceCents: 5990,
  },
];

interface Customer {
  name: string;
  email: string;
  cpfBase: string;
  phone: string;
  address: StaffOrderFixture['address'];
}

const CUSTOMERS: Customer[] = [
  {
    name: 'Maria Oliveira',
    email: 'maria.oliveira@example.com',
    cpfBase: '529982247',
    phone: '11987654321',
    address: {
      postalCode: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Apto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    },
  },
  {
    name: 'João Pereira',
    email: 'joao.pereira@example.com',
    cpfBase: '111444777',
    phone: '21998765432',
    address: {
      postalCode: '22041001',
      street: 'Rua Barata Ribeiro',
      number: '370',
      complement: null,
      district: 'Copacabana',
      city: 'Rio de Janeiro',
      uf: 'RJ',
    },
  },
  {
    name: 'Camila Santos',
    email: 'camila.santos@example.com',
    cpfBase: '390533447',
    phone: '31991234567',
    address: {
      postalCode: '30130010',
      street: 'Avenida Afonso Pena',
      number: '1212',
      complement: 'Sala 3',
      district: 'Centro',
      city: 'Belo Horizonte',
      uf: 'MG',
    },
  },
  {
    name: 'Rafael Costa',
    email: 'rafael.costa@example.com',
    cpfBase: '168995350',
    phone: '51984561234',
    address: {
      postalCode: '90010150',
      street: 'Rua dos Andradas',
      number: '1001',
      complement: null,
      district: 'Centro Histórico',
      city: 'Porto Alegre',
      uf: 'RS',
    },
  },
  {
    name: 'Beatriz Almeida',
    email: 'bia.almeida@example.com',
    cpfBase: '714602380',
    phone: '92993456789',
    address: {
      postalCode: '69005000',
      street: 'Avenida Eduardo Ribeiro',
      number: '520',
      complement: 'Bloco B',
      district: 'Centro',
      city: 'Manaus',
      uf: 'AM',
    },
  },
  {
    name: 'Lucas Ferreira',
    email: 'lucas.ferreira@example.com',
    cpfBase: '853513468',
    phone: '81987001122',
    address: {
      postalCode: '50030230',
      street: 'Rua do Bom Jesus',
      number: '125',
      complement: null,
      district: 'Recife',
      city: 'Recife',
      uf: 'PE',
    },
  },
];

const HOUR = 3_600_000;
const MINUTE = 60_000;

function at(base: string, offsetMs: number): string {
  return new Date(Date.parse(base) + offsetMs).toISOString();
}

export function formatMaskedCpf(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

export function correiosTrackingUrl(carrier: string, code: string): string | null {
  const isCorreios = isCorreiosCarrier(carrier) || /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(code);
  return isCorreios ? `${CORREIOS_TRACKING_URL}${encodeURIComponent(code)}` : null;
}

/** A label as Order.shippingLabel answers it. */
export interface StaffShippingLabelFixture extends OrderShippingLabelNode {
  carrier: 'correios' | 'melhorenvio';
  service: string;
}

/** A line of `item` (index into STAFF_ORDER_ITEMS or the item itself). */
export function makeStaffOrderLine(
  item: CatalogItem | number,
  quantity = 1,
  position = 0,
  orderId = 'order-x',
): StaffOrderLineFixture {
  const product =
    typeof item === 'number' ? STAFF_ORDER_ITEMS[item % STAFF_ORDER_ITEMS.length]! : item;
  return {
    id: `${orderId}-line-${position}`,
    position,
    variantId: `${product.productId}-v1`,
    productId: product.productId,
    brandId: product.brandId,
    brandName: product.brandName,
    productName: product.productName,
    variantLabel: product.variantLabel,
    sku: product.sku,
    imageUrl: productArtUrl(product.art, product.color),
    unitPriceCents: product.unitPriceCents,
    compareAtPriceCents: product.compareAtPriceCents ?? null,
    quantity,
    lineTotalCents: product.unitPriceCents * quantity,
    discountCents: 0,
  };
}

/**
 * A paid Pix order waiting to ship by default; `overrides` replace any field (timeline and
 * totals are not recomputed: pass consistent ones, or use makeStaffOrders()).
 */
export function makeStaffOrder(overrides: Partial<StaffOrderFixture> = {}): StaffOrderFixture {
  const id = overrides.id ?? 'order-10023';
  const number = overrides.number ?? orderNumber(10023);
  const createdAt = overrides.createdAt ?? at(STAFF_ORDERS_NOW, -5 * HOUR);
  const lines = overrides.lines ?? [
    makeStaffOrderLine(0, 2, 0, id),
    makeStaffOrderLine(2, 1, 1, id),
  ];
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const pixDiscountCents = Math.round(subtotalCents * 0.05);
  const shippingCents = 1990;
  const totalCents = subtotalCents - pixDiscountCents + shippingCents;
  const customer = CUSTOMERS[0]!;
  return {
    id,
    number,
    status: 'PAID',
    paymentStatus: 'PAID',
    fulfilmentStatus: 'UNFULFILLED',
    paymentMethod: 'PIX',
    installments: 1,
    customer: {
      name: customer.name,
      email: customer.email,
      cpf: cpfWithCheckDigits(customer.cpfBase),
      phone: customer.phone,
    },
    address: { ...customer.address },
    shippingMethodName: 'PAC',
    shippingMethodKind: 'DELIVERY',
    shippingBusinessDays: 6,
    // 350 g a unit, as the demo catalog's clothes weigh about.
    weightGrams: lines.reduce((sum, line) => sum + line.quantity * 350, 0),
    // Every fixture unit is a folded garment of 30 × 25 × 4 cm, stacked as the server does.
    parcel: stackedParcel(
      lines.map((line) => ({
        weightGrams: 350,
        lengthCm: 30,
        widthCm: 25,
        heightCm: 4,
        quantity: line.quantity,
      })),
    ),
    subtotalCents,
    discountCents: 0,
    pixDiscountCents,
    shippingCents,
    interestCents: 0,
    totalCents,
    refundedCents: 0,
    couponCode: null,
    trackingCarrier: null,
    trackingCode: null,
    trackingUrl: null,
    trackingStatus: null,
    shipmentEvents: [],
    cancelReason: null,
    createdAt,
    updatedAt: at(createdAt, 20 * MINUTE),
    paidAt: at(createdAt, 20 * MINUTE),
    shippedAt: null,
    deliveredAt: null,
    canceledAt: null,
    refundedAt: null,
    lines,
    timeline: [
      event(id, 0, 'placed', null, 'PENDING_PAYMENT', 'customer', createdAt),
      event(id, 1, 'paid', 'PENDING_PAYMENT', 'PAID', 'provider', at(createdAt, 20 * MINUTE), {
        actorName: 'Pix',
      }),
    ],
    payments: [
      {
        id: `${id}-pay-1`,
        provider: 'pix',
        providerPaymentId: number.replace('-', ''),
        confirmation: null,
        method: 'PIX',
        status: 'approved',
        amountCents: totalCents,
        refundedCents: 0,
        createdAt: at(createdAt, 20 * MINUTE),
        updatedAt: at(createdAt, 20 * MINUTE),
      },
    ],
    refunds: [],
    paymentExpiresAt: null,
    lastMailSubject: `Pagamento confirmado: pedido ${number}`,
    ...overrides,
  };
}

function event(
  orderId: string,
  index: number,
  type: string,
  fromStatus: StaffOrderStatus | null,
  toStatus: StaffOrderStatus | null,
  actor: string,
  createdAt: string,
  extra: Partial<StaffOrderEventFixture> = {},
): StaffOrderEventFixture {
  return {
    id: `${orderId}-ev-${index}`,
    type,
    fromStatus,
    toStatus,
    actor,
    actorStaffId: null,
    actorName: null,
    note: null,
    createdAt,
    ...extra,
  };
}

function staffEvent(staff: { id: string; name: string }) {
  return { actorStaffId: staff.id, actorName: staff.name };
}

type Plan =
  | 'pending-pix'
  | 'pending-boleto'
  | 'paid'
  | 'paid-manual'
  | 'pickup'
  | 'shipped'
  | 'delivered'
  | 'canceled-expired'
  | 'canceled-staff'
  | 'refunded'
  | 'partially-refunded';

interface Spec {
  plan: Plan;
  method: StaffPaymentMethod;
  /** Indexes into STAFF_ORDER_ITEMS with quantities. */
  items: [number, number][];
  hoursAgo: number;
  coupon?: boolean;
  note?: string;
  /** A shipped order the carrier could not deliver (its events and 'delivery_problem'). */
  deliveryFailed?: boolean;
}

/** The shipped order the Correios could not deliver ('Carteiro não atendido'). */
export const DELIVERY_PROBLEM_ORDER_ID = 'order-10015';

function carrierEvent(
  status: ShipmentStatus,
  description: string,
  location: string | null,
  occurredAt: string,
): ShipmentEventFixture {
  return { status, label: SHIPMENT_STATUS_LABELS[status], description, location, occurredAt };
}

// 30 orders, newest first: unpaid Pix at the top (their holds end soonest), then a working week.
const SPECS: Spec[] = [
  { plan: 'pending-pix', method: 'PIX', items: [[0, 1]], hoursAgo: 0.1 },
  {
    plan: 'pending-pix',
    method: 'PIX',
    items: [
      [2, 1],
      [7, 1],
    ],
    hoursAgo: 0.3,
  },
  { plan: 'paid', method: 'CARD', items: [[4, 1]], hoursAgo: 0.8 },
  { plan: 'pending-pix', method: 'PIX', items: [[6, 1]], hoursAgo: 1.2 },
  {
    plan: 'paid',
    method: 'PIX',
    items: [
      [0, 2],
      [2, 1],
    ],
    hoursAgo: 2,
  },
  { plan: 'pending-boleto', method: 'BOLETO', items: [[1, 1]], hoursAgo: 3 },
  { plan: 'paid-manual', method: 'PIX', items: [[3, 2]], hoursAgo: 5 },
  {
    plan: 'pickup',
    method: 'CARD',
    items: [
      [5, 1],
      [7, 1],
    ],
    hoursAgo: 7,
  },
  {
    plan: 'paid',
    method: 'PIX',
    items: [
      [6, 1],
      [1, 1],
    ],
    hoursAgo: 9,
    coupon: true,
  },
  { plan: 'canceled-expired', method: 'PIX', items: [[4, 1]], hoursAgo: 20 },
  { plan: 'paid', method: 'CARD', items: [[2, 2]], hoursAgo: 22 },
  { plan: 'shipped', method: 'PIX', items: [[0, 3]], hoursAgo: 26 },
  {
    plan: 'shipped',
    method: 'CARD',
    items: [
      [4, 1],
      [5, 1],
    ],
    hoursAgo: 30,
  },
  { plan: 'pending-boleto', method: 'BOLETO', items: [[7, 2]], hoursAgo: 40 },
  {
    plan: 'paid',
    method: 'PIX',
    items: [[1, 1]],
    hoursAgo: 44,
    note: 'Cliente pediu para embrulhar para presente.',
  },
  {
    plan: 'shipped',
    method: 'PIX',
    items: [
      [3, 1],
      [2, 1],
    ],
    hoursAgo: 50,
    deliveryFailed: true,
  },
  { plan: 'delivered', method: 'CARD', items: [[6, 1]], hoursAgo: 70 },
  { plan: 'canceled-staff', method: 'CARD', items: [[4, 2]], hoursAgo: 75 },
  {
    plan: 'delivered',
    method: 'PIX',
    items: [
      [0, 1],
      [5, 1],
    ],
    hoursAgo: 80,
  },
  { plan: 'shipped', method: 'BOLETO', items: [[1, 2]], hoursAgo: 96 },
  {
    plan: 'partially-refunded',
    method: 'CARD',
    items: [
      [2, 1],
      [3, 1],
    ],
    hoursAgo: 110,
  },
  { plan: 'delivered', method: 'PIX', items: [[7, 3]], hoursAgo: 120 },
  { plan: 'refunded', method: 'PIX', items: [[5, 1]], hoursAgo: 130 },
  {
    plan: 'delivered',
    method: 'CARD',
    items: [
      [4, 1],
      [6, 1],
    ],
    hoursAgo: 140,
    coupon: true,
  },
  { plan: 'canceled-expired', method: 'PIX', items: [[1, 1]], hoursAgo: 150 },
  { plan: 'shipped', method: 'PIX', items: [[2, 1]], hoursAgo: 160 },
  { plan: 'delivered', method: 'PIX', items: [[0, 2]], hoursAgo: 200 },
  { plan: 'refunded', method: 'CARD', items: [[6, 1]], hoursAgo: 260 },
  { plan: 'delivered', method: 'BOLETO', items: [[3, 1]], hoursAgo: 300 },
  {
    plan: 'delivered',
    method: 'CARD',
    items: [
      [4, 1],
      [0, 1],
    ],
    hoursAgo: 400,
  },
];

const PIX_HOLD_MINUTES = 30;
const BOLETO_HOLD_DAYS = 3;

function buildOrder(spec: Spec, index: number, now: string): StaffOrderFixture {
  const sequence = 10030 - index;
  const id = `order-${sequence}`;
  const number = orderNumber(sequence);
  const createdAt = at(now, -Math.round(spec.hoursAgo * HOUR));
  const customer = CUSTOMERS[index % CUSTOMERS.length]!;
  const lines = spec.items.map(([item, quantity], position) =>
    makeStaffOrderLine(item, quantity, position, id),
  );
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountCents = spec.coupon ? Math.round(subtotalCents * 0.1) : 0;
  if (discountCents > 0) {
    let left = discountCents;
    lines.forEach((line, position) => {
      const share =
        position === lines.length - 1
          ? left
          : Math.round((discountCents * line.lineTotalCents) / subtotalCents);
      line.discountCents = share;
      left -= share;
    });
  }
  const pixDiscountCents =
    spec.method === 'PIX' ? Math.round((subtotalCents - discountCents) * 0.05) : 0;
  const pickup = spec.plan === 'pickup';
  const shippingCents = pickup || subtotalCents >= 29900 ? 0 : index % 2 === 0 ? 1990 : 2790;
  const totalCents = subtotalCents - discountCents - pixDiscountCents + shippingCents;
  const paidAt = at(createdAt, spec.method === 'BOLETO' ? 26 * HOUR : 12 * MINUTE);
  const shippedAt = at(createdAt, 20 * HOUR);
  const deliveredAt = at(createdAt, 60 * HOUR);
  const staff = index % 3 === 0 ? BRUNO : ANA;

  const base = makeStaffOrder({
    id,
    number,
    createdAt,
    lines,
    paymentMethod: spec.method,
    installments: spec.method === 'CARD' ? (index % 3) + 1 : 1,
    customer: {
      name: customer.name,
      email: customer.email,
      cpf: cpfWithCheckDigits(customer.cpfBase),
      phone: customer.phone,
    },
    address: pickup
      ? {
          postalCode: '',
          street: '',
          number: '',
          complement: null,
          district: '',
          city: '',
          uf: '',
        }
      : { ...customer.address },
    shippingMethodName: pickup ? 'Retirada na loja' : index % 2 === 0 ? 'PAC' : 'SEDEX',
    shippingMethodKind: pickup ? 'PICKUP' : 'DELIVERY',
    shippingBusinessDays: pickup ? 0 : index % 2 === 0 ? 6 : 2,
    subtotalCents,
    discountCents,
    pixDiscountCents,
    shippingCents,
    totalCents,
    couponCode: spec.coupon ? 'BEMVINDA10' : null,
    timeline: [event(id, 0, 'placed', null, 'PENDING_PAYMENT', 'customer', createdAt)],
    payments: [],
    paidAt: null,
    updatedAt: createdAt,
    lastMailSubject: `Recebemos seu pedido ${number}`,
  });
  const order: StaffOrderFixture = { ...base };
  const timeline = order.timeline;
  const push = (
    type: string,
    from: StaffOrderStatus | null,
    to: StaffOrderStatus | null,
    actor: string,
    when: string,
    extra: Partial<StaffOrderEventFixture> = {},
  ) => {
    timeline.push(event(id, timeline.length, type, from, to, actor, when, extra));
    order.updatedAt = when;
  };
  const pay = (manual: boolean) => {
    order.status = 'PAID';
    order.paymentStatus = 'PAID';
    order.paidAt = paidAt;
    const provider = manual ? 'manual' : spec.method === 'PIX' ? 'pix' : 'mercadopago';
    order.payments = [
      {
        id: `${id}-pay-1`,
        provider,
        providerPaymentId: manual
          ? `manual-${id}`
          : spec.method === 'PIX'
            ? number.replace('-', '')
            : `MP-${88000000 + sequence}`,
        confirmation: manual ? `Confirmado manualmente por ${staff.name}` : null,
        method: spec.method,
        status: 'approved',
        amountCents: totalCents,
        refundedCents: 0,
        createdAt: paidAt,
        updatedAt: paidAt,
      },
    ];
    push(
      'paid',
      'PENDING_PAYMENT',
      'PAID',
      manual ? 'staff' : 'provider',
      paidAt,
      manual
        ? { ...staffEvent(staff), note: 'Pix conferido no extrato do banco.' }
        : { actorName: spec.method === 'PIX' ? 'Pix' : 'Mercado Pago' },
    );
    order.lastMailSubject = `Pagamento confirmado: pedido ${number}`;
  };
  const ship = () => {
    const code = `AA${String(100000000 + sequence * 7).slice(0, 9)}BR`;
    order.status = 'SHIPPED';
    order.fulfilmentStatus = 'SHIPPED';
    order.trackingCarrier = 'Correios';
    order.trackingCode = code;
    order.trackingUrl = correiosTrackingUrl('Correios', code);
    order.shippedAt = shippedAt;
    push('shipped', 'PAID', 'SHIPPED', 'staff', shippedAt, staffEvent(staff));
    order.lastMailSubject = `Seu pedido ${number} foi enviado`;
  };
  const deliver = () => {
    order.status = 'DELIVERED';
    order.fulfilmentStatus = 'DELIVERED';
    order.deliveredAt = deliveredAt;
    push('delivered', 'SHIPPED', 'DELIVERED', 'staff', deliveredAt, staffEvent(staff));
  };

  /** The Correios' events up to a failed delivery at the shopper's city, and its timeline event. */
  const failDelivery = () => {
    const city = `${order.address.city}/${order.address.uf}`;
    const failedAt = at(shippedAt, 29 * HOUR);
    order.shipmentEvents = [
      carrierEvent('POSTED', 'Objeto postado', 'São Paulo/SP', at(shippedAt, 2 * HOUR)),
      carrierEvent(
        'IN_TRANSIT',
        'Objeto em transferência - por favor aguarde',
        'São Paulo/SP',
        at(shippedAt, 6 * HOUR),
      ),
      carrierEvent(
        'IN_TRANSIT',
        'Objeto em transferência - por favor aguarde',
        city,
        at(shippedAt, 20 * HOUR),
      ),
      carrierEvent(
        'OUT_FOR_DELIVERY',
        'Objeto saiu para entrega ao destinatário',
        city,
        at(shippedAt, 26 * HOUR),
      ),
      carrierEvent('DELIVERY_FAILED', 'Carteiro não atendido', city, failedAt),
    ];
    order.trackingStatus = 'DELIVERY_FAILED';
    push('delivery_problem', null, null, 'provider', at(failedAt, 20 * MINUTE), {
      actorName: 'Correios',
      note: `Entrega não realizada: Carteiro não atendido (${city}).`,
    });
  };

  switch (spec.plan) {
    case 'pending-pix':
    case 'pending-boleto': {
      order.status = 'PENDING_PAYMENT';
      order.paymentStatus = 'PENDING';
      order.paidAt = null;
      order.paymentExpiresAt = at(
        createdAt,
        spec.plan === 'pending-pix' ? PIX_HOLD_MINUTES * MINUTE : BOLETO_HOLD_DAYS * 24 * HOUR,
      );
      if (spec.plan === 'pending-boleto') {
        order.payments = [
          {
            id: `${id}-pay-1`,
            provider: 'mercadopago',
            providerPaymentId: `MP-${88000000 + sequence}`,
            confirmation: null,
            method: 'BOLETO',
            status: 'pending',
            amountCents: totalCents,
            refundedCents: 0,
            createdAt: at(createdAt, 2 * MINUTE),
            updatedAt: at(createdAt, 2 * MINUTE),
          },
        ];
        order.lastMailSubject = `Boleto do pedido ${number}`;
      }
      break;
    }
    case 'paid':
    case 'paid-manual':
      pay(spec.plan === 'paid-manual');
      break;
    case 'pickup':
      pay(false);
      break;
    case 'shipped':
      pay(false);
      ship();
      if (spec.deliveryFailed) failDelivery();
      break;
    case 'delivered':
      pay(false);
      ship();
      deliver();
      break;
    case 'canceled-expired': {
      order.status = 'CANCELED';
      order.paymentStatus = 'EXPIRED';
      order.fulfilmentStatus = 'CANCELED';
      order.paidAt = null;
      order.cancelReason = 'Pagamento Pix não recebido no prazo.';
      order.canceledAt = at(createdAt, PIX_HOLD_MINUTES * MINUTE);
      push('canceled', 'PENDING_PAYMENT', 'CANCELED', 'system', order.canceledAt, {
        actorName: 'Sistema',
        note: order.cancelReason,
      });
      order.lastMailSubject = `Pedido ${number} cancelado`;
      break;
    }
    case 'canceled-staff': {
      pay(false);
      order.status = 'CANCELED';
      order.fulfilmentStatus = 'CANCELED';
      order.cancelReason = 'Cliente desistiu da compra antes do envio.';
      order.canceledAt = at(createdAt, 3 * HOUR);
      push('canceled', 'PAID', 'CANCELED', 'staff', order.canceledAt, {
        ...staffEvent(staff),
        note: order.cancelReason,
      });
      order.lastMailSubject = `Pedido ${number} cancelado`;
      break;
    }
    case 'refunded':
    case 'partially-refunded': {
      pay(false);
      ship();
      deliver();
      const full = spec.plan === 'refunded';
      const amountCents = full ? totalCents : Math.round(totalCents / 3);
      const when = at(deliveredAt, 30 * HOUR);
      const reason = full
        ? 'Produto devolvido pela cliente: tamanho errado.'
        : 'Item com defeito: reembolso de uma peça.';
      order.refundedCents = amountCents;
      order.refundedAt = when;
      order.paymentStatus = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      if (full) order.status = 'REFUNDED';
      if (full) order.fulfilmentStatus = 'RETURNED';
      order.refunds = [
        { id: `${id}-refund-1`, amountCents, reason, staffName: staff.name, createdAt: when },
      ];
      order.payments = order.payments.map((payment) => ({
        ...payment,
        refundedCents: amountCents,
        status: full ? 'refunded' : payment.status,
        updatedAt: when,
      }));
      push('refunded', full ? 'DELIVERED' : null, full ? 'REFUNDED' : null, 'staff', when, {
        ...staffEvent(staff),
        note: reason,
      });
      order.lastMailSubject = full
        ? `Reembolso do pedido ${number}`
        : `Reembolso parcial do pedido ${number}`;
      break;
    }
  }
  if (spec.note) {
    push('note', null, null, 'staff', at(createdAt, 40 * MINUTE), {
      ...staffEvent(ANA),
      note: spec.note,
    });
  }
  return order;
}

/**
 * The default 30 orders (VT-10001 … VT-10030), written around `now` (STAFF_ORDERS_NOW by default,
 * so screenshots are stable; pass `new Date().toISOString()` for a live-looking world): unpaid Pix
 * with holds ending soon, paid orders to ship (one pickup, one with a staff note), shipped,
 * delivered, canceled (expired Pix, by staff), refunded and partially refunded; Pix, card and
 * boleto; four brands, some orders mixing them. One shipped order (DELIVERY_PROBLEM_ORDER_ID) has
 * the Correios' events up to a failed delivery and its 'delivery_problem'; the others no events.
 */
export function makeStaffOrders(now: string = STAFF_ORDERS_NOW): StaffOrderFixture[] {
  return SPECS.map((spec, index) => buildOrder(spec, index, now));
}

export const INTEREST_CARD_ORDER_ID = 'order-10050';

/**
 * A card order paid in 12x with interest: placed for 3x sem juros, the shopper switched to 12x
 * at payment (the 'installments_changed' event), so its total carries the Price table's interest
 * at 1,99% a.m. (subtotal + shipping + interestCents = totalCents); paid, waiting to ship.
 */
export function makeInterestCardOrder(now: string = STAFF_ORDERS_NOW): StaffOrderFixture {
  const id = INTEREST_CARD_ORDER_ID;
  const number = orderNumber(10050);
  const createdAt = at(now, -3 * HOUR);
  const lines = [makeStaffOrderLine(4, 1, 0, id), makeStaffOrderLine(6, 1, 1, id)];
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const shippingCents = 2790;
  const cardPriceCents = subtotalCents + shippingCents;
  const table = {
    maxInstallments: 12,
    interestFreeInstallments: 6,
    monthlyInterestPercent: 1.99,
    minInstallmentCents: 500,
  };
  const plan = installmentOptionFor(cardPriceCents, 12, table)!;
  const before = describeOrderInstallments({
    installments: 3,
    totalCents: cardPriceCents,
    interestCents: 0,
  });
  const after = describeOrderInstallments({
    installments: 12,
    totalCents: plan.totalCents,
    interestCents: plan.interestCents,
  });
  const changedAt = at(createdAt, 4 * MINUTE);
  const paidAt = at(createdAt, 5 * MINUTE);
  const base = makeStaffOrder({
    id,
    number,
    createdAt,
    lines,
    paymentMethod: 'CARD',
    installments: 12,
    shippingMethodName: 'SEDEX',
    shippingBusinessDays: 2,
    subtotalCents,
    pixDiscountCents: 0,
    shippingCents,
    interestCents: plan.interestCents,
    totalCents: plan.totalCents,
    updatedAt: paidAt,
    paidAt,
  });
  return {
    ...base,
    timeline: [
      event(id, 0, 'placed', null, 'PENDING_PAYMENT', 'customer', createdAt),
      event(id, 1, 'installments_changed', null, null, 'customer', changedAt, {
        note: `${before} → ${after}: total ${formatBRL(plan.totalCents)}.`,
      }),
      event(id, 2, 'paid', 'PENDING_PAYMENT', 'PAID', 'provider', paidAt, {
        actorName: 'Mercado Pago',
      }),
    ],
    payments: [
      {
        id: `${id}-pay-1`,
        provider: 'mercadopago',
        providerPaymentId: 'MP-88010050',
        confirmation: null,
        method: 'CARD',
        status: 'approved',
        amountCents: plan.totalCents,
        refundedCents: 0,
        createdAt: paidAt,
        updatedAt: paidAt,
      },
    ],
  };
}

/** A staff member's saved list view (SavedView of the schema). */
export interface SavedViewFixture extends SavedViewNode {
  screen: 'ORDERS' | 'PRODUCTS';
  createdAt: string;
}

/** The default staff member's saved views: one of the orders list. */
export function makeSavedViews(): SavedViewFixture[] {
  return [
    {
      id: 'view-1',
      screen: 'ORDERS',
      name: 'Cartão desta semana',
      query: 'metodo=CARD&de=2026-03-04&ate=2026-03-10',
      createdAt: '2026-03-02T12:00:00.000Z',
    },
  ];
}
