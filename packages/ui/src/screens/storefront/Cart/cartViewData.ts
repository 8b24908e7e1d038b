// From the server's cartPreview to what the views show.
import type { CartLineData } from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';
import type { CartSummaryData } from './CartSummary';
import type { CartPreviewLine, CartPreviewNode } from './CartScreen.graphql';

export function toCartLineData(line: CartPreviewLine): CartLineData {
  return {
    variantId: line.variantId,
    productName: line.productName,
    brandName: line.brandName,
    variantLabel: line.variantLabel,
    imageUrl: line.imageUrl,
    href: storefrontPaths.product(line.productSlug),
    unitPriceCents: line.unitPriceCents,
    compareAtPriceCents: line.compareAtPriceCents,
    quantity: line.quantity,
    availableQuantity: line.availableQuantity,
    availability: line.availability,
    lineTotalCents: line.lineTotalCents,
  };
}

export function toCartSummaryData(preview: CartPreviewNode): CartSummaryData {
  return {
    itemCount: preview.itemCount,
    subtotalCents: preview.subtotalCents,
    discountCents: preview.discountCents,
    couponCode: preview.coupon?.code ?? null,
    shippingCents: preview.shippingCents,
    totalCents: preview.totalCents,
    pixTotalCents: preview.pixTotalCents,
    pixDiscountPercent: preview.pixDiscountPercent,
    installments: preview.installments,
    installmentsWithInterest: preview.installmentsWithInterest,
    installmentOptions: preview.installmentOptions,
  };
}
