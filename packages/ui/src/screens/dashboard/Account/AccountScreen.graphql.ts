// Minha conta's documents: the caller's account, the profile and password, and the authenticator
// app's enrolment, removal and recovery codes. TWO_FACTOR_GATE_QUERY is the shell's: whether the
// store requires two-factor sign-in of this account before anything else.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type AccountRole = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export interface MyAccount {
  id: string;
  name: string;
  email: string;
  role: AccountRole;
  twoFactorEnabled: boolean;
  twoFactorSetupRequired: boolean;
}

export const MY_ACCOUNT_QUERY: TypedDocumentNode<{ me: MyAccount }, Record<string, never>> = gql`
  query MyAccount {
    me {
      id
      name
      email
      role
      twoFactorEnabled
      twoFactorSetupRequired
    }
  }
`;

export const TWO_FACTOR_GATE_QUERY: TypedDocumentNode<
  { me: { id: string; twoFactorSetupRequired: boolean } },
  Record<string, never>
> = gql`
  query TwoFactorGate {
    me {
      id
      twoFactorSetupRequired
    }
  }
`;

export const MY_PROFILE_UPDATE_MUTATION: TypedDocumentNode<
  { myProfileUpdate: { id: string; name: string } },
  { name: string }
> = gql`
  mutation MyProfileUpdate($name: String!) {
    myProfileUpdate(name: $name) {
      id
      name
    }
  }
`;

export const MY_PASSWORD_CHANGE_MUTATION: TypedDocumentNode<
  { myPasswordChange: { access: string; refresh: string } },
  { currentPassword: string; newPassword: string }
> = gql`
  mutation MyPasswordChange($currentPassword: String!, $newPassword: String!) {
    myPasswordChange(currentPassword: $currentPassword, newPassword: $newPassword) {
      access
      refresh
    }
  }
`;

export interface TwoFactorEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

export const TWO_FACTOR_ENROL_START_MUTATION: TypedDocumentNode<
  { twoFactorEnrolStart: TwoFactorEnrolment },
  Record<string, never>
> = gql`
  mutation TwoFactorEnrolStart {
    twoFactorEnrolStart {
      secret
      otpauthUri
      qrCodeSvg
    }
  }
`;

export const TWO_FACTOR_ENROL_CONFIRM_MUTATION: TypedDocumentNode<
  { twoFactorEnrolConfirm: string[] },
  { code: string }
> = gql`
  mutation TwoFactorEnrolConfirm($code: String!) {
    twoFactorEnrolConfirm(code: $code)
  }
`;

export const TWO_FACTOR_DISABLE_MUTATION: TypedDocumentNode<
  { twoFactorDisable: { id: string; twoFactorEnabled: boolean; twoFactorSetupRequired: boolean } },
  { code: string }
> = gql`
  mutation TwoFactorDisable($code: String!) {
    twoFactorDisable(code: $code) {
      id
      twoFactorEnabled
      twoFactorSetupRequired
    }
  }
`;

export const TWO_FACTOR_RECOVERY_CODES_REGENERATE_MUTATION: TypedDocumentNode<
  { twoFactorRecoveryCodesRegenerate: string[] },
  { code: string }
> = gql`
  mutation TwoFactorRecoveryCodesRegenerate($code: String!) {
    twoFactorRecoveryCodesRegenerate(code: $code)
  }
`;
