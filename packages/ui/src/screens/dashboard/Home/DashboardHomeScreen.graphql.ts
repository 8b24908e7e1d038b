// No fragments: the client adds no __typename (SPEC), so the cache could not match them.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardHomeQuery,
  DashboardHomeQueryVariables,
  DashboardTodoQuery,
  DashboardTodoQueryVariables,
} from '../../../graphql/generated';

export type { DashboardHomeQuery };

export type DashboardHomeVariables = DashboardHomeQueryVariables;

export const DASHBOARD_HOME_QUERY: TypedDocumentNode<
  DashboardHomeQuery,
  DashboardHomeQueryVariables
> = gql`
  query DashboardHome($range: DateRangeInput!, $brandId: ID) {
    me {
      id
      name
      role
    }
    dashboardStats(range: $range, brandId: $brandId) {
      current {
        from
        to
        revenueCents
        ordersCount
        averageTicketCents
        unitsSold
        awaitingPixCount
        toShipCount
      }
      previous {
        from
        to
        revenueCents
        ordersCount
        averageTicketCents
        unitsSold
        awaitingPixCount
        toShipCount
      }
      series {
        date
        revenueCents
        ordersCount
      }
      previousSeries {
        date
        revenueCents
        ordersCount
      }
      topProducts {
        productId
        productName
        brandName
        quantity
        revenueCents
      }
      topBrands {
        brandId
        brandName
        quantity
        revenueCents
      }
      lowStockVariants {
        variantId
        productId
        productSlug
        productName
        brandName
        sku
        size
        color
        stock
      }
    }
  }
`;

export type { DashboardTodoQuery };

export type DashboardTodoVariables = DashboardTodoQueryVariables;

/** The "A fazer" list: Pix to confirm, paid orders to ship, unpaid orders about to expire. */
export const DASHBOARD_TODO_QUERY: TypedDocumentNode<
  DashboardTodoQuery,
  DashboardTodoQueryVariables
> = gql`
  query DashboardTodo($brandId: ID, $expiresBefore: String!) {
    pixToConfirm: orders(
      filter: { status: PENDING_PAYMENT, paymentMethod: PIX, brandId: $brandId }
      sort: EXPIRES_SOONEST
      first: 5
    ) {
      totalCount
      nodes {
        id
        number
        customer {
          name
        }
        totalCents
        createdAt
        paidAt
        paymentExpiresAt
      }
    }
    toShip: orders(
      filter: { status: PAID, fulfilmentStatus: UNFULFILLED, brandId: $brandId }
      sort: OLDEST
      first: 5
    ) {
      totalCount
      nodes {
        id
        number
        customer {
          name
        }
        totalCents
        createdAt
        paidAt
        paymentExpiresAt
      }
    }
    expiringSoon: orders(
      filter: { status: PENDING_PAYMENT, expiresBefore: $expiresBefore, brandId: $brandId }
      sort: EXPIRES_SOONEST
      first: 5
    ) {
      totalCount
      nodes {
        id
        number
        customer {
          name
        }
        totalCents
        createdAt
        paidAt
        paymentExpiresAt
      }
    }
  }
`;
