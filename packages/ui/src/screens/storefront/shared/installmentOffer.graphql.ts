// Every field of the server's InstallmentOffer: the line's wording depends on all of them.
export type { InstallmentOfferData } from '../../../components/storefront';

export const INSTALLMENT_OFFER_SELECTION = `
  count
  perInstallmentCents
  firstInstallmentCents
  totalCents
  interestFree
  interestCents
`;
