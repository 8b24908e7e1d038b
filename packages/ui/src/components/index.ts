export * from './ActionButton';
export * from './AuthLayout';
export * from './FormattedText';
export * from './GlobalLoadingIndicator';
export * from './PasswordField';
export * from './PasswordStrength';
export * from './SubmitButton';
export * from './VitrineLogo';
