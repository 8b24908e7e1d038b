// What the checkout screen sends and shows, from its data: placeOrder's input from the form's
// values, and the stock problems (the cart's lines that ran out, or the server's word) with their
// ways out.
import { onlyDigits } from '../../../forms/br';
import { pluralize } from '../../../format';
import type { CartItemInput, CartPreviewNode } from '../Cart/CartScreen.graphql';
import type { CheckoutError, CheckoutValues } from './checkoutForm';
import type { PlaceOrderInput } from './CheckoutScreen.graphql';
import type { CheckoutStockProblem } from './CheckoutView';

export function placeOrderInput({
  values,
  items,
  installments,
  couponCode,
  idempotencyKey,
}: {
  values: CheckoutValues;
  items: CartItemInput[];
  /** Card only: the instalments chosen (null for Pix and boleto). */
  installments: number | null;
  couponCode: string | null;
  idempotencyKey: string;
}): PlaceOrderInput {
  return {
    items,
    customer: {
      name: values.name.trim(),
      email: values.email.trim(),
      cpf: onlyDigits(values.cpf),
      phone: onlyDigits(values.phone),
    },
    address: {
      postalCode: onlyDigits(values.postalCode),
      street: values.street.trim(),
      number: values.number.trim(),
      complement: values.complement.trim() || null,
      district: values.district.trim(),
      city: values.city.trim(),
      uf: values.uf,
    },
    shippingMethodId: values.shippingMethodId,
    paymentMethod: values.paymentMethod,
    installments,
    couponCode,
    idempotencyKey,
  };
}

export function checkoutStockProblems({
  lines,
  serverError,
  goFixInCart,
  goToCart,
}: {
  lines: CartPreviewNode['lines'];
  serverError: CheckoutError | null;
  /** Sets the line to `quantity` (0 removes it) and goes to the cart. */
  goFixInCart: (variantId: string, quantity: number) => void;
  goToCart: () => void;
}): CheckoutStockProblem[] {
  const stockProblems: CheckoutStockProblem[] = lines
    .filter((line) => line.availability !== 'AVAILABLE')
    .map((line) => {
      const left = line.availability === 'OUT_OF_STOCK' ? 0 : line.availableQuantity;
      return {
        message:
          left === 0
            ? `${line.productName} (${line.variantLabel}) esgotou.`
            : `${line.productName} (${line.variantLabel}): você pediu ${line.quantity}, mas ${left === 1 ? 'só resta 1 unidade' : `só restam ${left} unidades`}.`,
        fixLabel:
          left === 0
            ? 'Remover da sacola'
            : `Ajustar para ${pluralize(left, 'unidade', 'unidades')}`,
        onFix: () => goFixInCart(line.variantId, left),
      };
    });
  // The server said a line ran out but the new price has not arrived yet: offer the way out now.
  if (serverError?.kind === 'stock' && stockProblems.length === 0) {
    const { variantId, available } = serverError;
    stockProblems.push({
      message: serverError.message,
      fixLabel:
        variantId && available !== null
          ? available > 0
            ? `Ajustar para ${pluralize(available, 'unidade', 'unidades')}`
            : 'Remover da sacola'
          : 'Revisar a sacola',
      onFix: () =>
        variantId && available !== null ? goFixInCart(variantId, available) : goToCart(),
    });
  }
  return stockProblems;
}
