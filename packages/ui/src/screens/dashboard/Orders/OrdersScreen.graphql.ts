// The orders grid's documents: a page of orders, the brands to filter by, the staff member's saved
// views, bulk shipping.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardOrdersBuyLabelsMutation,
  DashboardOrdersBuyLabelsMutationVariables,
  DashboardOrdersContextQuery,
  DashboardOrdersContextQueryVariables,
  DashboardOrdersQuery,
  DashboardOrdersQueryVariables,
  DashboardOrdersSavedViewCreateMutation,
  DashboardOrdersSavedViewCreateMutationVariables,
  DashboardOrdersSavedViewDeleteMutation,
  DashboardOrdersSavedViewDeleteMutationVariables,
  DashboardOrdersSavedViewsQuery,
  DashboardOrdersSavedViewsQueryVariables,
  DashboardOrdersShipMutation,
  DashboardOrdersShipMutationVariables,
  OrderShipInput,
} from '../../../graphql/generated';

export type OrderRowNode = DashboardOrdersQuery['orders']['nodes'][number];

export type { DashboardOrdersQuery };

export type DashboardOrdersVariables = DashboardOrdersQueryVariables;

export const DASHBOARD_ORDERS_QUERY: TypedDocumentNode<
  DashboardOrdersQuery,
  DashboardOrdersQueryVariables
> = gql`
  query DashboardOrders($filter: OrderFilter, $sort: OrderSort, $first: Int, $offset: Int) {
    orders(filter: $filter, sort: $sort, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        number
        createdAt
        status
        paymentStatus
        fulfilmentStatus
        paymentMethod
        customer {
          name
        }
        brandNames
        itemCount
        totalCents
        shippingMethodKind
        allowedActions
      }
    }
  }
`;

export type { DashboardOrdersContextQuery };

export const DASHBOARD_ORDERS_CONTEXT_QUERY: TypedDocumentNode<
  DashboardOrdersContextQuery,
  DashboardOrdersContextQueryVariables
> = gql`
  query DashboardOrdersContext {
    me {
      id
      role
      brandIds
    }
    brands {
      id
      name
    }
  }
`;

export type SavedViewNode = DashboardOrdersSavedViewsQuery['savedViews'][number];

export type DashboardSavedViewsQuery = DashboardOrdersSavedViewsQuery;

export const DASHBOARD_SAVED_VIEWS_QUERY: TypedDocumentNode<
  DashboardOrdersSavedViewsQuery,
  DashboardOrdersSavedViewsQueryVariables
> = gql`
  query DashboardOrdersSavedViews {
    savedViews(screen: ORDERS) {
      id
      name
      query
    }
  }
`;

export const SAVED_VIEW_CREATE_MUTATION: TypedDocumentNode<
  DashboardOrdersSavedViewCreateMutation,
  DashboardOrdersSavedViewCreateMutationVariables
> = gql`
  mutation DashboardOrdersSavedViewCreate($name: String!, $query: String!) {
    savedViewCreate(input: { screen: ORDERS, name: $name, query: $query }) {
      id
      name
      query
    }
  }
`;

export const SAVED_VIEW_DELETE_MUTATION: TypedDocumentNode<
  DashboardOrdersSavedViewDeleteMutation,
  DashboardOrdersSavedViewDeleteMutationVariables
> = gql`
  mutation DashboardOrdersSavedViewDelete($id: ID!) {
    savedViewDelete(id: $id)
  }
`;

export type OrderShipItem = OrderShipInput;

export type OrderBulkResultNode = DashboardOrdersShipMutation['ordersShip'][number];

export const ORDERS_SHIP_MUTATION: TypedDocumentNode<
  DashboardOrdersShipMutation,
  DashboardOrdersShipMutationVariables
> = gql`
  mutation DashboardOrdersShip($items: [OrderShipInput!]!) {
    ordersShip(items: $items) {
      id
      ok
      error
      order {
        id
        number
        status
        fulfilmentStatus
        trackingCode
        allowedActions
      }
    }
  }
`;

export const ORDERS_BUY_LABELS_MUTATION: TypedDocumentNode<
  DashboardOrdersBuyLabelsMutation,
  DashboardOrdersBuyLabelsMutationVariables
> = gql`
  mutation DashboardOrdersBuyLabels($ids: [ID!]!) {
    ordersBuyLabels(ids: $ids) {
      id
      purchased
      failed
      pdfPath
      results {
        orderId
        orderNumber
        ok
        error
        label {
          carrierName
          trackingCode
        }
      }
    }
  }
`;
