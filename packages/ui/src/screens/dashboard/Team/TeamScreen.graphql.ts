// The team page's documents: the caller (role and id: their own row cannot be changed), every
// staff account with the brands to name them, and the invitation and access mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StaffInvitationResendMutation,
  StaffInvitationResendMutationVariables,
  StaffInviteMutation,
  StaffInviteMutationVariables,
  StaffRole,
  StaffSetActiveMutation,
  StaffSetActiveMutationVariables,
  StaffStatus,
  StaffUpdateAccessMutation,
  StaffUpdateAccessMutationVariables,
  TeamMeQuery,
  TeamMeQueryVariables,
  TeamMembersQuery,
  TeamMembersQueryVariables,
} from '../../../graphql/generated';

export type StaffRoleValue = StaffRole;
export type StaffStatusValue = StaffStatus;

export type TeamMember = TeamMembersQuery['staffMembers'][number];

export type TeamBrand = TeamMembersQuery['staffBrands'][number];

export const TEAM_ME_QUERY: TypedDocumentNode<TeamMeQuery, TeamMeQueryVariables> = gql`
  query TeamMe {
    me {
      id
      role
    }
  }
`;

const MEMBER_FIELDS = `
  id
  name
  email
  role
  active
  brandIds
  status
  lastSignInAt
  twoFactorEnabled
  invitationExpiresAt
`;

export const TEAM_MEMBERS_QUERY: TypedDocumentNode<TeamMembersQuery, TeamMembersQueryVariables> =
  gql`
  query TeamMembers {
    staffMembers {
      ${MEMBER_FIELDS}
    }
    staffBrands {
      id
      name
      active
    }
  }
`;

export type StaffInviteVariables = StaffInviteMutationVariables;

export const STAFF_INVITE_MUTATION: TypedDocumentNode<
  StaffInviteMutation,
  StaffInviteMutationVariables
> = gql`
  mutation StaffInvite($input: StaffInviteInput!) {
    staffInvite(input: $input) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const STAFF_INVITATION_RESEND_MUTATION: TypedDocumentNode<
  StaffInvitationResendMutation,
  StaffInvitationResendMutationVariables
> = gql`
  mutation StaffInvitationResend($id: ID!) {
    staffInvitationResend(id: $id) {
      ${MEMBER_FIELDS}
    }
  }
`;

export type StaffAccessVariables = StaffUpdateAccessMutationVariables;

export const STAFF_UPDATE_ACCESS_MUTATION: TypedDocumentNode<
  StaffUpdateAccessMutation,
  StaffUpdateAccessMutationVariables
> = gql`
  mutation StaffUpdateAccess($id: ID!, $input: StaffAccessInput!) {
    staffUpdateAccess(id: $id, input: $input) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const STAFF_SET_ACTIVE_MUTATION: TypedDocumentNode<
  StaffSetActiveMutation,
  StaffSetActiveMutationVariables
> = gql`
  mutation StaffSetActive($id: ID!, $active: Boolean!) {
    staffSetActive(id: $id, active: $active) {
      ${MEMBER_FIELDS}
    }
  }
`;
