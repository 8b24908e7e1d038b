import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardInvoicesRejectedQuery,
  DashboardInvoicesRejectedQueryVariables,
  DashboardPixToConfirmQuery,
  DashboardPixToConfirmQueryVariables,
  DashboardShellBrandsQuery,
  DashboardShellBrandsQueryVariables,
  DashboardShellQuery,
  DashboardShellQueryVariables,
  SignOutEverywhereMutation,
  SignOutEverywhereMutationVariables,
} from '../../../graphql/generated';

export type { DashboardShellQuery };

export const DASHBOARD_SHELL_QUERY: TypedDocumentNode<
  DashboardShellQuery,
  DashboardShellQueryVariables
> = gql`
  query DashboardShell {
    me {
      id
      name
      email
      role
      brandIds
    }
    storeSettings {
      storeName
    }
  }
`;

export type { DashboardShellBrandsQuery };

/** The brands the selector offers (a BRAND_MANAGER's are narrowed to their brandIds). */
export const DASHBOARD_SHELL_BRANDS_QUERY: TypedDocumentNode<
  DashboardShellBrandsQuery,
  DashboardShellBrandsQueryVariables
> = gql`
  query DashboardShellBrands {
    brands {
      id
      name
    }
  }
`;

export type { DashboardPixToConfirmQuery };

export type DashboardPixToConfirmVariables = DashboardPixToConfirmQueryVariables;

/** How many Pix orders wait for a confirmation (the badge of "Pix a conferir"). */
export const DASHBOARD_PIX_TO_CONFIRM_QUERY: TypedDocumentNode<
  DashboardPixToConfirmQuery,
  DashboardPixToConfirmQueryVariables
> = gql`
  query DashboardPixToConfirm($brandId: ID) {
    orders(filter: { status: PENDING_PAYMENT, paymentMethod: PIX, brandId: $brandId }, first: 1) {
      totalCount
    }
  }
`;

export type { DashboardInvoicesRejectedQuery };

/** How many NF-e SEFAZ rejected (the badge of "Notas fiscais"; ADMIN and SUPPORT). */
export const DASHBOARD_INVOICES_REJECTED_QUERY: TypedDocumentNode<
  DashboardInvoicesRejectedQuery,
  DashboardInvoicesRejectedQueryVariables
> = gql`
  query DashboardInvoicesRejected {
    invoicing {
      configured
      rejectedCount
    }
  }
`;

export type { SignOutEverywhereMutation };

export const SIGN_OUT_EVERYWHERE_MUTATION: TypedDocumentNode<
  SignOutEverywhereMutation,
  SignOutEverywhereMutationVariables
> = gql`
  mutation SignOutEverywhere {
    signOutEverywhere
  }
`;
