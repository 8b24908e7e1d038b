// The product editor's documents: the product with its editor fields, the brands and category
// tree to choose from, the slug check as staff type, and the one versioned save.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { StaffRole } from '../Orders/orderLabels';
import type { EditorProduct, ProductSaveInput } from './productForm';

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

export interface EditorFlatCategory {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

export interface EditorBrand {
  id: string;
  name: string;
  slug: string;
  active: boolean;
}

export interface ProductEditorOptions {
  me: { id: string; role: StaffRole; brandIds: string[] };
  staffBrands: EditorBrand[];
  staffCategories: EditorFlatCategory[];
}

/** The categories as one flat list (a nested tree query would cost too much). */
export const PRODUCT_EDITOR_OPTIONS_QUERY: TypedDocumentNode<
  ProductEditorOptions,
  Record<string, never>
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
  { adminProduct: EditorProduct | null },
  { id: string }
> = gql`
  query ProductEditorProduct($id: ID!) {
    adminProduct(id: $id) {
      ${EDITOR_PRODUCT_SELECTION}
    }
  }
`;

export interface SlugCheckResult {
  slug: string;
  available: boolean;
  suggestion: string | null;
}

export const PRODUCT_SLUG_CHECK_QUERY: TypedDocumentNode<
  { productSlugCheck: SlugCheckResult },
  { slug: string; exceptProductId: string | null }
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
  { productSave: EditorProduct },
  { id: string | null; expectedVersion: number | null; input: ProductSaveInput }
> = gql`
  mutation ProductSave($id: ID, $expectedVersion: Int, $input: ProductSaveInput!) {
    productSave(id: $id, expectedVersion: $expectedVersion, input: $input) {
      ${EDITOR_PRODUCT_SELECTION}
    }
  }
`;
