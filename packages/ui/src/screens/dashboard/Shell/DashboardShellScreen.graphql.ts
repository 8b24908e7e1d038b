import { gql, type TypedDocumentNode } from '@apollo/client';

import type { StaffRole } from './navigation';

export interface DashboardShellQuery {
  me: { id: string; name: string; email: string; role: StaffRole; brandIds: string[] };
  storeSettings: { storeName: string };
}

export const DASHBOARD_SHELL_QUERY: TypedDocumentNode<
  DashboardShellQuery,
  Record<string, never>
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

export interface DashboardShellBrandsQuery {
  brands: { id: string; name: string }[];
}

/** The brands the selector offers (a BRAND_MANAGER's are narrowed to their brandIds). */
export const DASHBOARD_SHELL_BRANDS_QUERY: TypedDocumentNode<
  DashboardShellBrandsQuery,
  Record<string, never>
> = gql`
  query DashboardShellBrands {
    brands {
      id
      name
    }
  }
`;

export interface DashboardPixToConfirmQuery {
  orders: { totalCount: number };
}

export interface DashboardPixToConfirmVariables {
  brandId?: string | null;
}

/** How many Pix orders wait for a confirmation (the badge of "Pix a conferir"). */
export const DASHBOARD_PIX_TO_CONFIRM_QUERY: TypedDocumentNode<
  DashboardPixToConfirmQuery,
  DashboardPixToConfirmVariables
> = gql`
  query DashboardPixToConfirm($brandId: ID) {
    orders(filter: { status: PENDING_PAYMENT, paymentMethod: PIX, brandId: $brandId }, first: 1) {
      totalCount
    }
  }
`;

export interface DashboardInvoicesRejectedQuery {
  invoicing: { configured: boolean; rejectedCount: number };
}

/** How many NF-e SEFAZ rejected (the badge of "Notas fiscais"; ADMIN and SUPPORT). */
export const DASHBOARD_INVOICES_REJECTED_QUERY: TypedDocumentNode<
  DashboardInvoicesRejectedQuery,
  Record<string, never>
> = gql`
  query DashboardInvoicesRejected {
    invoicing {
      configured
      rejectedCount
    }
  }
`;

export interface SignOutEverywhereMutation {
  signOutEverywhere: boolean;
}

export const SIGN_OUT_EVERYWHERE_MUTATION: TypedDocumentNode<
  SignOutEverywhereMutation,
  Record<string, never>
> = gql`
  mutation SignOutEverywhere {
    signOutEverywhere
  }
`;
