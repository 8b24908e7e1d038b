export { CustomersScreen } from './CustomersScreen';
export { CustomersView, type CustomersViewProps } from './CustomersView';
export { CustomerScreen, type CustomerScreenProps } from './CustomerScreen';
export { CustomerView, type CustomerViewProps } from './CustomerView';
