// The customers pages' documents: a page of customers, one customer with their latest orders,
// the LGPD data export and the anonymisation; and the caller's role (Anonimizar is ADMIN's).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CustomerAnonymizeMutation,
  CustomerAnonymizeMutationVariables,
  CustomerDataExportMutation,
  CustomerDataExportMutationVariables,
  DashboardCustomerQuery,
  DashboardCustomerQueryVariables,
  DashboardCustomerRoleQuery,
  DashboardCustomerRoleQueryVariables,
  DashboardCustomersQuery,
  DashboardCustomersQueryVariables,
} from '../../../graphql/generated';

export type CustomerRowNode = DashboardCustomersQuery['customers']['nodes'][number];

export type CustomerOrderNode = NonNullable<DashboardCustomerQuery['customer']>['orders'][number];

export type CustomerDetailNode = NonNullable<DashboardCustomerQuery['customer']>;

export type CustomersVariables = DashboardCustomersQueryVariables;

export const DASHBOARD_CUSTOMERS_QUERY: TypedDocumentNode<
  DashboardCustomersQuery,
  DashboardCustomersQueryVariables
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
  DashboardCustomerQuery,
  DashboardCustomerQueryVariables
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
  DashboardCustomerRoleQuery,
  DashboardCustomerRoleQueryVariables
> = gql`
  query DashboardCustomerRole {
    me {
      id
      role
    }
  }
`;

export const CUSTOMER_DATA_EXPORT_MUTATION: TypedDocumentNode<
  CustomerDataExportMutation,
  CustomerDataExportMutationVariables
> = gql`
  mutation CustomerDataExport($id: ID!) {
    customerDataExport(id: $id)
  }
`;

export const CUSTOMER_ANONYMIZE_MUTATION: TypedDocumentNode<
  CustomerAnonymizeMutation,
  CustomerAnonymizeMutationVariables
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
