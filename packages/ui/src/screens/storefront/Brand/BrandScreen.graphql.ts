import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StorefrontBrandQuery,
  StorefrontBrandQueryVariables,
} from '../../../graphql/generated';

export type BrandPageNode = NonNullable<StorefrontBrandQuery['brand']>;

export type BrandPageQuery = StorefrontBrandQuery;

export const BRAND_PAGE_QUERY: TypedDocumentNode<
  StorefrontBrandQuery,
  StorefrontBrandQueryVariables
> = gql`
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
