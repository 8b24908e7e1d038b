export { PasswordStrength, type PasswordStrengthProps } from './PasswordStrength';
export {
  checkPasswordRules,
  isCommonPassword,
  MIN_PASSWORD_LENGTH,
  passwordMeetsRules,
  type PasswordRuleId,
  type PasswordRuleResult,
  type PasswordRuleStatus,
} from './passwordRules';
