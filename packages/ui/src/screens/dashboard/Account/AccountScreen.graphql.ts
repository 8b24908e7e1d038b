// Minha conta's documents: the caller's account, the profile and password, and the authenticator
// app's enrolment, removal and recovery codes. TWO_FACTOR_GATE_QUERY is the shell's: whether the
// store requires two-factor sign-in of this account before anything else.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MyAccountQuery,
  MyAccountQueryVariables,
  MyPasswordChangeMutation,
  MyPasswordChangeMutationVariables,
  MyProfileUpdateMutation,
  MyProfileUpdateMutationVariables,
  StaffRole,
  TwoFactorDisableMutation,
  TwoFactorDisableMutationVariables,
  TwoFactorEnrolConfirmMutation,
  TwoFactorEnrolConfirmMutationVariables,
  TwoFactorEnrolStartMutation,
  TwoFactorEnrolStartMutationVariables,
  TwoFactorGateQuery,
  TwoFactorGateQueryVariables,
  TwoFactorRecoveryCodesRegenerateMutation,
  TwoFactorRecoveryCodesRegenerateMutationVariables,
} from '../../../graphql/generated';

export type AccountRole = StaffRole;

export type MyAccount = MyAccountQuery['me'];

export const MY_ACCOUNT_QUERY: TypedDocumentNode<MyAccountQuery, MyAccountQueryVariables> = gql`
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
  TwoFactorGateQuery,
  TwoFactorGateQueryVariables
> = gql`
  query TwoFactorGate {
    me {
      id
      twoFactorSetupRequired
    }
  }
`;

export const MY_PROFILE_UPDATE_MUTATION: TypedDocumentNode<
  MyProfileUpdateMutation,
  MyProfileUpdateMutationVariables
> = gql`
  mutation MyProfileUpdate($name: String!) {
    myProfileUpdate(name: $name) {
      id
      name
    }
  }
`;

export const MY_PASSWORD_CHANGE_MUTATION: TypedDocumentNode<
  MyPasswordChangeMutation,
  MyPasswordChangeMutationVariables
> = gql`
  mutation MyPasswordChange($currentPassword: String!, $newPassword: String!) {
    myPasswordChange(currentPassword: $currentPassword, newPassword: $newPassword) {
      access
      refresh
    }
  }
`;

export type TwoFactorEnrolment = TwoFactorEnrolStartMutation['twoFactorEnrolStart'];

export const TWO_FACTOR_ENROL_START_MUTATION: TypedDocumentNode<
  TwoFactorEnrolStartMutation,
  TwoFactorEnrolStartMutationVariables
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
  TwoFactorEnrolConfirmMutation,
  TwoFactorEnrolConfirmMutationVariables
> = gql`
  mutation TwoFactorEnrolConfirm($code: String!) {
    twoFactorEnrolConfirm(code: $code)
  }
`;

export const TWO_FACTOR_DISABLE_MUTATION: TypedDocumentNode<
  TwoFactorDisableMutation,
  TwoFactorDisableMutationVariables
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
  TwoFactorRecoveryCodesRegenerateMutation,
  TwoFactorRecoveryCodesRegenerateMutationVariables
> = gql`
  mutation TwoFactorRecoveryCodesRegenerate($code: String!) {
    twoFactorRecoveryCodesRegenerate(code: $code)
  }
`;
