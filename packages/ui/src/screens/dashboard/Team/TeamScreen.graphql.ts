// The team page's documents: the caller (role and id: their own row cannot be changed), every
// staff account with the brands to name them, and the invitation and access mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type StaffRoleValue = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';
export type StaffStatusValue = 'ACTIVE' | 'INVITED' | 'INACTIVE';

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: StaffRoleValue;
  active: boolean;
  brandIds: string[];
  status: StaffStatusValue;
  lastSignInAt: string | null;
  twoFactorEnabled: boolean;
  invitationExpiresAt: string | null;
}

export interface TeamBrand {
  id: string;
  name: string;
  active: boolean;
}

export const TEAM_ME_QUERY: TypedDocumentNode<
  { me: { id: string; role: StaffRoleValue } },
  Record<string, never>
> = gql`
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

export const TEAM_MEMBERS_QUERY: TypedDocumentNode<
  { staffMembers: TeamMember[]; staffBrands: TeamBrand[] },
  Record<string, never>
> = gql`
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

export interface StaffInviteVariables {
  input: { email: string; name: string; role: StaffRoleValue; brandIds: string[] | null };
}

export const STAFF_INVITE_MUTATION: TypedDocumentNode<
  { staffInvite: TeamMember },
  StaffInviteVariables
> = gql`
  mutation StaffInvite($input: StaffInviteInput!) {
    staffInvite(input: $input) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const STAFF_INVITATION_RESEND_MUTATION: TypedDocumentNode<
  { staffInvitationResend: TeamMember },
  { id: string }
> = gql`
  mutation StaffInvitationResend($id: ID!) {
    staffInvitationResend(id: $id) {
      ${MEMBER_FIELDS}
    }
  }
`;

export interface StaffAccessVariables {
  id: string;
  input: { role: StaffRoleValue; brandIds: string[] | null };
}

export const STAFF_UPDATE_ACCESS_MUTATION: TypedDocumentNode<
  { staffUpdateAccess: TeamMember },
  StaffAccessVariables
> = gql`
  mutation StaffUpdateAccess($id: ID!, $input: StaffAccessInput!) {
    staffUpdateAccess(id: $id, input: $input) {
      ${MEMBER_FIELDS}
    }
  }
`;

export const STAFF_SET_ACTIVE_MUTATION: TypedDocumentNode<
  { staffSetActive: TeamMember },
  { id: string; active: boolean }
> = gql`
  mutation StaffSetActive($id: ID!, $active: Boolean!) {
    staffSetActive(id: $id, active: $active) {
      ${MEMBER_FIELDS}
    }
  }
`;
