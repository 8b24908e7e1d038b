// The settings screens' previews: the Pix code shoppers would get with some receiver settings
// (pixPreview) and the shipping options a CEP would be quoted (shippingSimulate). They live here,
// not in the settings and shipping modules, because they reuse the checkout's own code (the
// BR Code of payments/brcode.ts, the checkout's quote) and settings and shipping sit below
// payments and checkout in the module graph (module-graph.json).
import { orderNumber } from '@vitrine/rules';
import { txidFromOrderNumber } from '../../lib/pix';
import { brCodeQrSvg, buildPixBrCode } from '../payments/brcode';
import {
  PIX_KEY_ERROR_MESSAGE,
  SettingsInputError,
  validateSettingsPatch,
} from '../settings/settings.validation';

/** The example order's total when none is given: R$ 100,00. */
export const PIX_PREVIEW_DEFAULT_CENTS = 10_000;
const PIX_PREVIEW_MAX_CENTS = 100_000_000;

/** The example order's number (its txid is what a real order's code carries). */
export const PIX_PREVIEW_ORDER_NUMBER = orderNumber(10023);

export interface PixPreviewInput {
  pixKey?: unknown;
  pixMerchantName?: unknown;
  pixMerchantCity?: unknown;
  amountCents?: unknown;
}

export interface PixPreview {
  code: string;
  qrCodeSvg: string;
  amountCents: number;
}

/** Validates like settingsUpdate (same messages; fields under input.) and builds the code. */
export async function pixPreview(input: PixPreviewInput): Promise<PixPreview> {
  let patch;
  try {
    patch = validateSettingsPatch({
      pixKey: input.pixKey ?? null,
      pixMerchantName: input.pixMerchantName,
      pixMerchantCity: input.pixMerchantCity,
    });
  } catch (error) {
    if (error instanceof SettingsInputError) {
      throw new SettingsInputError(error.message, `input.${error.field}`);
    }
    throw error;
  }
  if (!patch.pixKey) throw new SettingsInputError(PIX_KEY_ERROR_MESSAGE, 'input.pixKey');
  const amount = input.amountCents ?? PIX_PREVIEW_DEFAULT_CENTS;
  if (
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    amount < 1 ||
    amount > PIX_PREVIEW_MAX_CENTS
  ) {
    throw new SettingsInputError(
      'O valor do exemplo deve ser um inteiro de centavos, de R$ 0,01 a R$ 1.000.000,00.',
      'input.amountCents',
    );
  }
  // The same call the checkout makes for an order (checkout.service.ts, placeOrder).
  const code = buildPixBrCode({
    key: patch.pixKey,
    merchantName: patch.pixMerchantName!,
    merchantCity: patch.pixMerchantCity!,
    amountCents: amount,
    txid: txidFromOrderNumber(PIX_PREVIEW_ORDER_NUMBER),
    description: `Pedido ${PIX_PREVIEW_ORDER_NUMBER}`,
  });
  return { code, qrCodeSvg: await brCodeQrSvg(code), amountCents: amount };
}
