import { gql, type TypedDocumentNode } from '@apollo/client';

export interface BrandPageNode {
  id: string;
  slug: string;
  name: string;
  description: string;
  color: string;
  logoUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  productCount: number;
}

export interface BrandPageQuery {
  brand: BrandPageNode | null;
}

export const BRAND_PAGE_QUERY: TypedDocumentNode<BrandPageQuery, { slug: string }> = gql`
  query StorefrontBrand($slug: String!) {
    brand(slug: $slug) {
      id
      slug
      name
      description
      color
      logoUrl
      seoTitle
      seoDescription
      productCount
    }
  }
`;
