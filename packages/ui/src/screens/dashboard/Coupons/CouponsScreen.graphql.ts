// The coupons pages' documents (Cupons, ADMIN): the caller's role, every coupon with the brands
// and categories that name their scope, and the create, update and delete mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type CouponKindValue = 'PERCENT' | 'FIXED' | 'FREE_SHIPPING';
export type CouponStaffRole = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export interface CouponNode {
  id: string;
  code: string;
  description: string;
  kind: CouponKindValue;
  percent: number | null;
  amountCents: number | null;
  freeShipping: boolean;
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perEmailLimit: number | null;
  brandIds: string[];
  categoryIds: string[];
  usedCount: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CouponBrand {
  id: string;
  name: string;
  active: boolean;
}

export interface CouponCategory {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

export interface CouponInputValue {
  code: string;
  description: string | null;
  kind: CouponKindValue;
  percent: number | null;
  amountCents: number | null;
  freeShipping: boolean;
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perEmailLimit: number | null;
  brandIds: string[];
  categoryIds: string[];
  active: boolean;
}

export const COUPONS_ME_QUERY: TypedDocumentNode<
  { me: { id: string; role: CouponStaffRole } },
  Record<string, never>
> = gql`
  query CouponsMe {
    me {
      id
      role
    }
  }
`;

const COUPON_FIELDS = `
  id
  code
  description
  kind
  percent
  amountCents
  freeShipping
  minSubtotalCents
  startsAt
  endsAt
  usageLimit
  perEmailLimit
  brandIds
  categoryIds
  usedCount
  active
  createdAt
  updatedAt
`;

export interface CouponsData {
  coupons: CouponNode[];
  staffBrands: CouponBrand[];
  staffCategories: CouponCategory[];
}

/** The categories as one flat list (a nested tree query would cost too much). */
export const COUPONS_QUERY: TypedDocumentNode<CouponsData, Record<string, never>> = gql`
  query Coupons {
    coupons {
      ${COUPON_FIELDS}
    }
    staffBrands {
      id
      name
      active
    }
    staffCategories {
      id
      name
      parentId
      position
    }
  }
`;

export const COUPON_CREATE_MUTATION: TypedDocumentNode<
  { couponCreate: CouponNode },
  { input: CouponInputValue }
> = gql`
  mutation CouponCreate($input: CouponInput!) {
    couponCreate(input: $input) {
      ${COUPON_FIELDS}
    }
  }
`;

export const COUPON_UPDATE_MUTATION: TypedDocumentNode<
  { couponUpdate: CouponNode },
  { id: string; input: CouponInputValue }
> = gql`
  mutation CouponUpdate($id: ID!, $input: CouponInput!) {
    couponUpdate(id: $id, input: $input) {
      ${COUPON_FIELDS}
    }
  }
`;

export const COUPON_DELETE_MUTATION: TypedDocumentNode<{ couponDelete: boolean }, { id: string }> =
  gql`
    mutation CouponDelete($id: ID!) {
      couponDelete(id: $id)
    }
  `;
