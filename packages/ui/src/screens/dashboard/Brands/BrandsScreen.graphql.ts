// The brands page's documents: every brand (inactive ones too) with the caller's role, create and
// update (activating and deactivating are updates).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BrandCreateMutation,
  BrandCreateMutationVariables,
  BrandInput,
  BrandUpdateMutation,
  BrandUpdateMutationVariables,
  DashboardBrandsQuery,
  DashboardBrandsQueryVariables,
  DashboardBrandsRoleQuery,
  DashboardBrandsRoleQueryVariables,
} from '../../../graphql/generated';

export type StaffBrand = DashboardBrandsQuery['staffBrands'][number];

export type BrandInputVariables = BrandInput;

export const DASHBOARD_BRANDS_ROLE_QUERY: TypedDocumentNode<
  DashboardBrandsRoleQuery,
  DashboardBrandsRoleQueryVariables
> = gql`
  query DashboardBrandsRole {
    me {
      id
      role
    }
  }
`;

export const DASHBOARD_BRANDS_QUERY: TypedDocumentNode<
  DashboardBrandsQuery,
  DashboardBrandsQueryVariables
> = gql`
  query DashboardBrands {
    staffBrands {
      id
      slug
      name
      description
      color
      logoUrl
      seoTitle
      seoDescription
      productCount
      active
    }
  }
`;

export const BRAND_CREATE_MUTATION: TypedDocumentNode<
  BrandCreateMutation,
  BrandCreateMutationVariables
> = gql`
  mutation BrandCreate($input: BrandInput!) {
    brandCreate(input: $input) {
      id
      slug
      name
      description
      color
      logoUrl
      seoTitle
      seoDescription
      productCount
      active
    }
  }
`;

export const BRAND_UPDATE_MUTATION: TypedDocumentNode<
  BrandUpdateMutation,
  BrandUpdateMutationVariables
> = gql`
  mutation BrandUpdate($id: ID!, $input: BrandInput!) {
    brandUpdate(id: $id, input: $input) {
      id
      slug
      name
      description
      color
      logoUrl
      seoTitle
      seoDescription
      productCount
      active
    }
  }
`;
