// The categories page's documents: every category (flat) with the caller's role, and its changes.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CategoryCreateMutation,
  CategoryCreateMutationVariables,
  CategoryDeleteMutation,
  CategoryDeleteMutationVariables,
  CategoryInput,
  CategoryMoveMutation,
  CategoryMoveMutationVariables,
  CategoryUpdateMutation,
  CategoryUpdateMutationVariables,
  DashboardCategoriesQuery,
  DashboardCategoriesQueryVariables,
} from '../../../graphql/generated';

/** One category as `staffCategories` lists it (flat, in tree order). */
export type FlatCategoryNode = DashboardCategoriesQuery['staffCategories'][number];

export type { DashboardCategoriesQuery };

// Flat, rebuilt into a tree in the browser (categoryTreeFromFlat): a nested `children` query
// multiplies its cost by each level and a deep tree goes over the API's cost limit.
export const DASHBOARD_CATEGORIES_QUERY: TypedDocumentNode<
  DashboardCategoriesQuery,
  DashboardCategoriesQueryVariables
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

export type CategoryMoveVariables = CategoryMoveMutationVariables;

export const CATEGORY_MOVE_MUTATION: TypedDocumentNode<
  CategoryMoveMutation,
  CategoryMoveMutationVariables
> = gql`
  mutation CategoryMove($id: ID!, $parentId: ID, $position: Int!) {
    categoryMove(id: $id, parentId: $parentId, position: $position) {
      id
    }
  }
`;

export type CategoryInputVariables = CategoryInput;

export const CATEGORY_CREATE_MUTATION: TypedDocumentNode<
  CategoryCreateMutation,
  CategoryCreateMutationVariables
> = gql`
  mutation CategoryCreate($input: CategoryInput!) {
    categoryCreate(input: $input) {
      id
      name
    }
  }
`;

export const CATEGORY_UPDATE_MUTATION: TypedDocumentNode<
  CategoryUpdateMutation,
  CategoryUpdateMutationVariables
> = gql`
  mutation CategoryUpdate($id: ID!, $input: CategoryInput!) {
    categoryUpdate(id: $id, input: $input) {
      id
      name
    }
  }
`;

export const CATEGORY_DELETE_MUTATION: TypedDocumentNode<
  CategoryDeleteMutation,
  CategoryDeleteMutationVariables
> = gql`
  mutation CategoryDelete($id: ID!) {
    categoryDelete(id: $id)
  }
`;
