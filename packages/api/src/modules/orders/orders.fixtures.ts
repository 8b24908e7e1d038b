// Test fixtures for the after-checkout modules: a small two-brand catalog and orders written
// straight to the database in any state (checkout's own path is tested by its module).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { brands, categories, products, variants } from '../catalog/catalog.tables';
import { couponRedemptions, coupons } from '../coupons/coupons.tables';
import { orderEvents, orderLines, orders, type OrderRow } from './orders.tables';
import type { OrderStatus } from './orders.lifecycle';

export interface FixtureVariant {
  id: string;
  productId: string;
  brandId: string;
  sku: string;
  priceCents: number;
  productName: string;
  brandName: string;
}

export interface FixtureCatalog {
  brandA: string;
  brandB: string;
  categoryId: string;
  /** Camiseta (brand A, R$ 50,00), Boné (brand A, R$ 30,00), Tênis (brand B, R$ 200,00). */
  shirt: FixtureVariant;
  cap: FixtureVariant;
  sneaker: FixtureVariant;
}

export async function seedFixtureCatalog(db: Database): Promise<FixtureCatalog> {
  const [brandA] = await db
    .insert(brands)
    .values({ slug: 'aurora', name: 'Aurora', color: '#aa3366' })
    .returning();
  const [brandB] = await db
    .insert(brands)
    .values({ slug: 'boreal', name: 'Boreal', color: '#3366aa' })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ slug: 'roupas', name: 'Roupas' })
    .returning();
  async function variant(
    brand: typeof brandA,
    name: string,
    slug: string,
    sku: string,
    priceCents: number,
    stock: number,
  ): Promise<FixtureVariant> {
    const [product] = await db
      .insert(products)
      .values({ slug, name, brandId: brand!.id, categoryId: category!.id, published: true })
      .returning();
    const [row] = await db
      .insert(variants)
      .values({ productId: product!.id, sku, priceCents, stock, size: 'M', color: 'Azul' })
      .returning();
    return {
      id: row!.id,
      productId: product!.id,
      brandId: brand!.id,
      sku,
      priceCents,
      productName: name,
      brandName: brand!.name,
    };
  }
  return {
    brandA: brandA!.id,
    brandB: brandB!.id,
    categoryId: category!.id,
    shirt: await variant(brandA, 'Camiseta Básica', 'camiseta-basica', 'CAM-M-AZ', 5000, 20),
    cap: await variant(brandA, 'Boné Aba Curva', 'bone-aba-curva', 'BON-U-AZ', 3000, 3),
    sneaker: await variant(brandB, 'Tênis Corrida', 'tenis-corrida', 'TEN-42-AZ', 20000, 8),
  };
}

export interface FixtureOrderInput {
  lines: { variant: FixtureVariant; quantity: number }[];
  status?: OrderStatus;
  customerName?: string;
  customerEmail?: string;
  customerCpf?: string;
  shippingCents?: number;
  discountCents?: number;
  shippingKind?: 'delivery' | 'pickup';
  paymentMethod?: 'PIX' | 'CARD' | 'BOLETO';
  createdAt?: Date;
  paidAt?: Date | null;
  refundedCents?: number | null;
  couponId?: string | null;
  /** The shipping method the order names (a carrier's, for labels); none by default. */
  shippingMethodId?: string | null;
  /** Takes the units out of stock as checkout would (default false: fixtures may oversell). */
  takeStock?: boolean;
}

const PAYMENT_FOR: Record<OrderStatus, OrderRow['paymentStatus']> = {
  PENDING_PAYMENT: 'PENDING',
  PAID: 'PAID',
  SHIPPED: 'PAID',
  DELIVERED: 'PAID',
  CANCELED: 'CANCELED',
  REFUNDED: 'REFUNDED',
};

const FULFILMENT_FOR: Record<OrderStatus, OrderRow['fulfilmentStatus']> = {
  PENDING_PAYMENT: 'UNFULFILLED',
  PAID: 'UNFULFILLED',
  SHIPPED: 'SHIPPED',
  DELIVERED: 'DELIVERED',
  CANCELED: 'CANCELED',
  REFUNDED: 'UNFULFILLED',
};

export async function insertFixtureOrder(
  db: Database,
  input: FixtureOrderInput,
): Promise<OrderRow> {
  const status = input.status ?? 'PENDING_PAYMENT';
  const subtotal = input.lines.reduce((sum, l) => sum + l.variant.priceCents * l.quantity, 0);
  const discount = input.discountCents ?? 0;
  const shipping = input.shippingCents ?? 1500;
  const total = Math.max(subtotal - discount, 0) + shipping;
  const createdAt = input.createdAt ?? new Date();
  const paid = status !== 'PENDING_PAYMENT' && status !== 'CANCELED';
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        status,
        paymentStatus: PAYMENT_FOR[status],
        fulfilmentStatus: FULFILMENT_FOR[status],
        customerName: input.customerName ?? 'Maria da Silva',
        customerEmail: input.customerEmail ?? 'maria@example.com',
        customerCpf: input.customerCpf ?? '52998224725',
        customerPhone: '11987654321',
        postalCode: '01310100',
        street: 'Avenida Paulista',
        streetNumber: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
        shippingMethodName: input.shippingKind === 'pickup' ? 'Retirada na loja' : 'PAC',
        shippingMethodKind: input.shippingKind ?? 'delivery',
        shippingBusinessDays: 5,
        billableWeightGrams: 1250,
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: shipping,
        totalCents: total,
        paymentMethod: input.paymentMethod ?? 'PIX',
        couponId: input.couponId ?? null,
        shippingMethodId: input.shippingMethodId ?? null,
        idempotencyKey: `fixture-${randomUUID()}`,
        requestHash: 'fixture',
        createdAt,
        updatedAt: createdAt,
        paidAt: input.paidAt !== undefined ? input.paidAt : paid ? createdAt : null,
        refundedCents: input.refundedCents ?? (status === 'REFUNDED' ? total : null),
      })
      .returning();
    const discounts = input.lines.map((l, i) =>
      // The whole coupon discount on the first line keeps fixtures simple.
      i === 0 ? Math.min(discount, l.variant.priceCents * l.quantity) : 0,
    );
    await tx.insert(orderLines).values(
      input.lines.map((l, i) => ({
        orderId: order!.id,
        position: i,
        variantId: l.variant.id,
        productId: l.variant.productId,
        brandId: l.variant.brandId,
        productName: l.variant.productName,
        brandName: l.variant.brandName,
        variantLabel: 'Tamanho M · Cor Azul',
        sku: l.variant.sku,
        unitPriceCents: l.variant.priceCents,
        quantity: l.quantity,
        lineTotalCents: l.variant.priceCents * l.quantity,
        discountCents: discounts[i] ?? 0,
      })),
    );
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      type: 'placed',
      toStatus: 'PENDING_PAYMENT',
      actor: 'customer',
      createdAt,
    });
    if (input.takeStock === true) {
      for (const l of input.lines) {
        await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${l.quantity}` })
          .where(eq(variants.id, l.variant.id));
      }
    }
    if (input.couponId) {
      await tx.insert(couponRedemptions).values({
        couponId: input.couponId,
        orderId: order!.id,
        email: input.customerEmail ?? 'maria@example.com',
        discountCents: discount,
      });
      await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(eq(coupons.id, input.couponId));
    }
    return order!;
  });
}

export async function stockOf(db: Database, variantId: string): Promise<number> {
  const [row] = await db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.stock;
}
