export {
  describeInstallments,
  hasInstallments,
  InstallmentLine,
  type InstallmentLineProps,
  type InstallmentOfferData,
} from './InstallmentLine';
