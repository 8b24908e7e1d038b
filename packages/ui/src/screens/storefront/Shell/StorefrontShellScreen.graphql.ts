// The department menu's query: the category tree, two levels.
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface StorefrontDepartmentsQuery {
  categories: {
    id: string;
    slug: string;
    name: string;
    productCount: number;
    children: { id: string; slug: string; name: string; productCount: number }[];
  }[];
}

export const STOREFRONT_DEPARTMENTS_QUERY: TypedDocumentNode<
  StorefrontDepartmentsQuery,
  Record<string, never>
> = gql`
  query StorefrontDepartments {
    categories {
      id
      slug
      name
      productCount
      children {
        id
        slug
        name
        productCount
      }
    }
  }
`;
