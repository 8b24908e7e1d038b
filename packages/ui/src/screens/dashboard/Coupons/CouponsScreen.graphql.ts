// The coupons pages' documents (Cupons, ADMIN): the caller's role, every coupon with the brands
// and categories that name their scope, and the create, update and delete mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CouponCreateMutation,
  CouponCreateMutationVariables,
  CouponDeleteMutation,
  CouponDeleteMutationVariables,
  CouponInput,
  CouponKind,
  CouponUpdateMutation,
  CouponUpdateMutationVariables,
  CouponsMeQuery,
  CouponsMeQueryVariables,
  CouponsQuery,
  CouponsQueryVariables,
  StaffRole,
} from '../../../graphql/generated';

export type CouponKindValue = CouponKind;
export type CouponStaffRole = StaffRole;

export type CouponNode = CouponsQuery['coupons'][number];

export type CouponBrand = CouponsQuery['staffBrands'][number];

export type CouponCategory = CouponsQuery['staffCategories'][number];

/** What the editor sends: every field of CouponInput, its switches and lists never null. */
export type CouponInputValue = Required<CouponInput> &
  NonNullFields<CouponInput, 'freeShipping' | 'brandIds' | 'categoryIds' | 'active'>;

type NonNullFields<T, K extends keyof T> = { [F in K]-?: NonNullable<T[F]> };

export const COUPONS_ME_QUERY: TypedDocumentNode<CouponsMeQuery, CouponsMeQueryVariables> = gql`
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

export type CouponsData = CouponsQuery;

/** The categories as one flat list (a nested tree query would cost too much). */
export const COUPONS_QUERY: TypedDocumentNode<CouponsQuery, CouponsQueryVariables> = gql`
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
  CouponCreateMutation,
  CouponCreateMutationVariables
> = gql`
  mutation CouponCreate($input: CouponInput!) {
    couponCreate(input: $input) {
      ${COUPON_FIELDS}
    }
  }
`;

export const COUPON_UPDATE_MUTATION: TypedDocumentNode<
  CouponUpdateMutation,
  CouponUpdateMutationVariables
> = gql`
  mutation CouponUpdate($id: ID!, $input: CouponInput!) {
    couponUpdate(id: $id, input: $input) {
      ${COUPON_FIELDS}
    }
  }
`;

export const COUPON_DELETE_MUTATION: TypedDocumentNode<
  CouponDeleteMutation,
  CouponDeleteMutationVariables
> = gql`
  mutation CouponDelete($id: ID!) {
    couponDelete(id: $id)
  }
`;
