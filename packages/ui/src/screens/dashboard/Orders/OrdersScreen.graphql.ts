// The orders grid's documents: a page of orders, the brands to filter by, the staff member's saved
// views, bulk shipping.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type {
  FulfilmentStatus,
  OrderSort,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  StaffRole,
} from './orderLabels';
import type { LabelBatchView } from './BuyLabelsDialog';
import type { OrdersFilterInput } from './ordersUrlState';

export interface OrderRowNode {
  id: string;
  number: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentMethod: PaymentMethod;
  customer: { name: string };
  brandNames: string[];
  itemCount: number;
  totalCents: number;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  allowedActions: string[];
}

export interface DashboardOrdersQuery {
  orders: { totalCount: number; nodes: OrderRowNode[] };
}

export interface DashboardOrdersVariables {
  filter: OrdersFilterInput;
  sort: OrderSort;
  first: number;
  offset: number;
}

export const DASHBOARD_ORDERS_QUERY: TypedDocumentNode<
  DashboardOrdersQuery,
  DashboardOrdersVariables
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

export interface DashboardOrdersContextQuery {
  me: { id: string; role: StaffRole; brandIds: string[] };
  brands: { id: string; name: string }[];
}

export const DASHBOARD_ORDERS_CONTEXT_QUERY: TypedDocumentNode<
  DashboardOrdersContextQuery,
  Record<string, never>
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

export interface SavedViewNode {
  id: string;
  name: string;
  query: string;
}

export interface DashboardSavedViewsQuery {
  savedViews: SavedViewNode[];
}

export const DASHBOARD_SAVED_VIEWS_QUERY: TypedDocumentNode<
  DashboardSavedViewsQuery,
  Record<string, never>
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
  { savedViewCreate: SavedViewNode },
  { name: string; query: string }
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
  { savedViewDelete: boolean },
  { id: string }
> = gql`
  mutation DashboardOrdersSavedViewDelete($id: ID!) {
    savedViewDelete(id: $id)
  }
`;

export interface OrderShipItem {
  id: string;
  carrier: string;
  trackingCode: string | null;
}

export interface OrderBulkResultNode {
  id: string;
  ok: boolean;
  error: string | null;
  order: {
    id: string;
    number: string;
    status: OrderStatus;
    fulfilmentStatus: FulfilmentStatus;
    trackingCode: string | null;
    allowedActions: string[];
  } | null;
}

export const ORDERS_SHIP_MUTATION: TypedDocumentNode<
  { ordersShip: OrderBulkResultNode[] },
  { items: OrderShipItem[] }
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
  { ordersBuyLabels: LabelBatchView & { id: string | null } },
  { ids: string[] }
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
