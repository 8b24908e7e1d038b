// The Pix discount product cards show: null while unknown, when Pix is not offered or has none.
import { useQuery } from '@apollo/client';

import { CARD_PIX_QUERY } from './cardPix.graphql';

export function useCardPixDiscount(): number | null {
  const { data } = useQuery(CARD_PIX_QUERY);
  if (!data?.paymentMethods.some((option) => option.method === 'PIX')) return null;
  const percent = data.storeSettings.pixDiscountPercent;
  return percent > 0 ? percent : null;
}
