// Minha conta (/dashboard/minha-conta, every role) and the shell's two-factor gate.
export { AccountScreen, ACCOUNT_LOAD_ERROR } from './AccountScreen';
export {
  AccountView,
  ACCOUNT_TITLE,
  PASSWORD_CHANGED_MESSAGE,
  type AccountViewProps,
  type PasswordChangeValues,
} from './AccountView';
export {
  RecoveryCodesPanel,
  TwoFactorCodeDialog,
  TwoFactorEnrolDialog,
  groupSecret,
  recoveryCodesText,
  svgDataUrl,
  type AccountActionError,
} from './TwoFactorDialogs';
export { TwoFactorSetupBanner, useTwoFactorGate, TWO_FACTOR_SETUP_MESSAGE } from './twoFactorGate';
export { MY_ACCOUNT_QUERY, TWO_FACTOR_GATE_QUERY, type MyAccount } from './AccountScreen.graphql';
