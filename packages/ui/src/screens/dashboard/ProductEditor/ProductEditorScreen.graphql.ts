// The product editor's documents: the product with its editor fields, the brands and category
// tree to choose from, the slug check as staff type, and the one versioned save.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ProductEditorOptionsQuery,
  ProductEditorOptionsQueryVariables,
  ProductEditorProductQuery,
  ProductEditorProductQueryVariables,
  ProductSaveMutation,
  ProductSaveMutationVariables,
  ProductSlugCheckQuery,
  ProductSlugCheckQueryVariables,
} from '../../../graphql/generated';

export const EDITOR_PRODUCT_SELECTION = `
  id
  version
  slug
  name
  description
  brand {
    id
    name
    slug
  }
  category {
    id
    name
  }
  published
  featured
  seoTitle
  seoDescription
  ncm
  cest
  origin
  taxSituation
  images {
    id
    url
    alt
  }
  variants {
    id
    sku
    size
    color
    priceCents
    compareAtPriceCents
    stock
    weightGrams
    lengthCm
    widthCm
    heightCm
    gtin
    lowStockThreshold
    hasOrders
  }
`;

/** Any level of the category tree (rebuilt from staffCategories). */
export interface CategoryNode {
  id: string;
  name: string;
  parentId: string | null;
  children?: CategoryNode[];
}

export type EditorFlatCategory = ProductEditorOptionsQuery['staffCategories'][number];

export type EditorBrand = ProductEditorOptionsQuery['staffBrands'][number];

export type ProductEditorOptions = ProductEditorOptionsQuery;

/** The categories as one flat list (a nested tree query would cost too much). */
export const PRODUCT_EDITOR_OPTIONS_QUERY: TypedDocumentNode<
  ProductEditorOptionsQuery,
  ProductEditorOptionsQueryVariables
> = gql`
  query ProductEditorOptions {
    me {
      id
      role
      brandIds
    }
    staffBrands {
      id
      name
      slug
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

export const PRODUCT_EDITOR_QUERY: TypedDocumentNode<
  ProductEditorProductQuery,
  ProductEditorProductQueryVariables
> = gql`
  query ProductEditorProduct($id: ID!) {
    adminProduct(id: $id) {
      ${EDITOR_PRODUCT_SELECTION}
    }
  }
`;

export type SlugCheckResult = ProductSlugCheckQuery['productSlugCheck'];

export const PRODUCT_SLUG_CHECK_QUERY: TypedDocumentNode<
  ProductSlugCheckQuery,
  ProductSlugCheckQueryVariables
> = gql`
  query ProductSlugCheck($slug: String!, $exceptProductId: ID) {
    productSlugCheck(slug: $slug, exceptProductId: $exceptProductId) {
      slug
      available
      suggestion
    }
  }
`;

export const PRODUCT_SAVE_MUTATION: TypedDocumentNode<
  ProductSaveMutation,
  ProductSaveMutationVariables
> = gql`
  mutation ProductSave($id: ID, $expectedVersion: Int, $input: ProductSaveInput!) {
    productSave(id: $id, expectedVersion: $expectedVersion, input: $input) {
      ${EDITOR_PRODUCT_SELECTION}
    }
  }
`;
