// The categories page's documents: every category (flat) with the caller's role, and its changes.
import { gql, type TypedDocumentNode } from '@apollo/client';

/** One category as `staffCategories` lists it (flat, in tree order). */
export interface FlatCategoryNode {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  position: number;
  productCount: number;
}

export interface DashboardCategoriesQuery {
  me: { id: string; role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' };
  staffCategories: FlatCategoryNode[];
}

// Flat, rebuilt into a tree in the browser (categoryTreeFromFlat): a nested `children` query
// multiplies its cost by each level and a deep tree goes over the API's cost limit.
export const DASHBOARD_CATEGORIES_QUERY: TypedDocumentNode<
  DashboardCategoriesQuery,
  Record<string, never>
> = gql`
  query DashboardCategories {
    me {
      id
      role
    }
    staffCategories {
      id
      slug
      name
      parentId
      position
      productCount
    }
  }
`;

export interface CategoryMoveVariables {
  id: string;
  parentId: string | null;
  position: number;
}

export const CATEGORY_MOVE_MUTATION: TypedDocumentNode<
  { categoryMove: { id: string }[] },
  CategoryMoveVariables
> = gql`
  mutation CategoryMove($id: ID!, $parentId: ID, $position: Int!) {
    categoryMove(id: $id, parentId: $parentId, position: $position) {
      id
    }
  }
`;

export interface CategoryInputVariables {
  name: string;
  slug?: string | null;
  parentId?: string | null;
}

export const CATEGORY_CREATE_MUTATION: TypedDocumentNode<
  { categoryCreate: { id: string; name: string } },
  { input: CategoryInputVariables }
> = gql`
  mutation CategoryCreate($input: CategoryInput!) {
    categoryCreate(input: $input) {
      id
      name
    }
  }
`;

export const CATEGORY_UPDATE_MUTATION: TypedDocumentNode<
  { categoryUpdate: { id: string; name: string } },
  { id: string; input: CategoryInputVariables }
> = gql`
  mutation CategoryUpdate($id: ID!, $input: CategoryInput!) {
    categoryUpdate(id: $id, input: $input) {
      id
      name
    }
  }
`;

export const CATEGORY_DELETE_MUTATION: TypedDocumentNode<
  { categoryDelete: boolean },
  { id: string }
> = gql`
  mutation CategoryDelete($id: ID!) {
    categoryDelete(id: $id)
  }
`;
