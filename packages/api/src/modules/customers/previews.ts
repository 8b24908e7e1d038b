// The settings screens' previews: the Pix code shoppers would get with some receiver settings
// (pixPreview) and the shipping options a CEP would be quoted (shippingSimulate). They live here,
// not in the settings and shipping modules, because they reuse the checkout's own code (the
// BR Code of payments/brcode.ts, the checkout's quote) and settings and shipping sit below
// payments and checkout in the module graph (module-graph.json).
import { checkPixPreviewInput, orderNumber, type PixPreviewInput } from '@vitrine/rules';
import { txidFromOrderNumber } from '../../lib/pix';
import { brCodeQrSvg, buildPixBrCode } from '../payments/brcode';
import { SettingsInputError } from '../settings/settings.validation';

/** The example order's number (its txid is what a real order's code carries). */
export const PIX_PREVIEW_ORDER_NUMBER = orderNumber(10023);

export interface PixPreview {
  code: string;
  qrCodeSvg: string;
  amountCents: number;
}

/** Validates like settingsUpdate (@vitrine/rules checkPixPreviewInput) and builds the code. */
export async function pixPreview(input: PixPreviewInput): Promise<PixPreview> {
  const checked = checkPixPreviewInput(input);
  if (!checked.ok) throw new SettingsInputError(checked.issue.message, checked.issue.field);
  const { pixKey, pixMerchantName, pixMerchantCity, amountCents: amount } = checked.value;
  // The same call the checkout makes for an order (checkout.service.ts, placeOrder).
  const code = buildPixBrCode({
    key: pixKey,
    merchantName: pixMerchantName,
    merchantCity: pixMerchantCity,
    amountCents: amount,
    txid: txidFromOrderNumber(PIX_PREVIEW_ORDER_NUMBER),
    description: `Pedido ${PIX_PREVIEW_ORDER_NUMBER}`,
  });
  return { code, qrCodeSvg: await brCodeQrSvg(code), amountCents: amount };
}
