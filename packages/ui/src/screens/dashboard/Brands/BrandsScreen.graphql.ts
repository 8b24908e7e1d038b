// The brands page's documents: every brand (inactive ones too) with the caller's role, create and
// update (activating and deactivating are updates).
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface StaffBrand {
  id: string;
  slug: string;
  name: string;
  description: string;
  color: string;
  logoUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  productCount: number;
  active: boolean;
}

export interface BrandInputVariables {
  slug?: string | null;
  name: string;
  description?: string | null;
  color: string;
  logoUrl?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  active?: boolean | null;
}

export const DASHBOARD_BRANDS_ROLE_QUERY: TypedDocumentNode<
  { me: { id: string; role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' } },
  Record<string, never>
> = gql`
  query DashboardBrandsRole {
    me {
      id
      role
    }
  }
`;

export const DASHBOARD_BRANDS_QUERY: TypedDocumentNode<
  { staffBrands: StaffBrand[] },
  Record<string, never>
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
  { brandCreate: StaffBrand },
  { input: BrandInputVariables }
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
  { brandUpdate: StaffBrand },
  { id: string; input: BrandInputVariables }
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
