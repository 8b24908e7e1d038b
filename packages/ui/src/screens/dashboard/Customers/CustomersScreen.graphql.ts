// The customers pages' documents: a page of customers, one customer with their latest orders,
// the LGPD data export and the anonymisation; and the caller's role (Anonimizar is ADMIN's).
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { OrderStatus } from '../Orders/orderLabels';
import type { CustomerSort } from './customersUrlState';

export interface CustomerRowNode {
  id: string;
  name: string;
  email: string | null;
  cpf: string | null;
  phone: string | null;
  ordersCount: number;
  totalSpentCents: number;
  lastOrderAt: string;
  anonymized: boolean;
}

export interface CustomerOrderNode {
  id: string;
  number: string;
  createdAt: string;
  status: OrderStatus;
  totalCents: number;
  itemCount: number;
}

export interface CustomerDetailNode extends CustomerRowNode {
  firstOrderAt: string;
  anonymizedAt: string | null;
  orders: CustomerOrderNode[];
}

export interface CustomersVariables {
  filter: { search?: string; anonymized?: boolean };
  sort: CustomerSort;
  first: number;
  offset: number;
}

export const DASHBOARD_CUSTOMERS_QUERY: TypedDocumentNode<
  { customers: { totalCount: number; nodes: CustomerRowNode[] } },
  CustomersVariables
> = gql`
  query DashboardCustomers(
    $filter: CustomerFilter
    $sort: CustomerSort
    $first: Int
    $offset: Int
  ) {
    customers(filter: $filter, sort: $sort, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        name
        email
        cpf
        phone
        ordersCount
        totalSpentCents
        lastOrderAt
        anonymized
      }
    }
  }
`;

export const DASHBOARD_CUSTOMER_QUERY: TypedDocumentNode<
  { customer: CustomerDetailNode | null },
  { id: string }
> = gql`
  query DashboardCustomer($id: ID!) {
    customer(id: $id) {
      id
      name
      email
      cpf
      phone
      ordersCount
      totalSpentCents
      firstOrderAt
      lastOrderAt
      anonymized
      anonymizedAt
      orders(first: 50) {
        id
        number
        createdAt
        status
        totalCents
        itemCount
      }
    }
  }
`;

export const DASHBOARD_CUSTOMER_ROLE_QUERY: TypedDocumentNode<
  { me: { id: string; role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' } },
  Record<string, never>
> = gql`
  query DashboardCustomerRole {
    me {
      id
      role
    }
  }
`;

export const CUSTOMER_DATA_EXPORT_MUTATION: TypedDocumentNode<
  { customerDataExport: string },
  { id: string }
> = gql`
  mutation CustomerDataExport($id: ID!) {
    customerDataExport(id: $id)
  }
`;

export const CUSTOMER_ANONYMIZE_MUTATION: TypedDocumentNode<
  {
    customerAnonymize: {
      ordersAnonymized: number;
      mailsAnonymized: number;
      restockAlertsRemoved: number;
      customer: CustomerDetailNode;
    };
  },
  { id: string; confirmation: string }
> = gql`
  mutation CustomerAnonymize($id: ID!, $confirmation: String!) {
    customerAnonymize(id: $id, confirmation: $confirmation) {
      ordersAnonymized
      mailsAnonymized
      restockAlertsRemoved
      customer {
        id
        name
        email
        cpf
        phone
        ordersCount
        totalSpentCents
        firstOrderAt
        lastOrderAt
        anonymized
        anonymizedAt
        orders(first: 50) {
          id
          number
          createdAt
          status
          totalCents
          itemCount
        }
      }
    }
  }
`;
