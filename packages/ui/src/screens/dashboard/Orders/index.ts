export { OrdersScreen, type OrdersScreenProps } from './OrdersScreen';
export { OrdersView, type OrdersViewProps } from './OrdersView';
export { OrderScreen } from './OrderScreen';
export { OrderView, type OrderViewProps } from './OrderView';
export { ContentDeclarationScreen, PackingSlipsScreen } from './PrintScreens';
export { ContentDeclarationView, type ContentDeclarationViewProps } from './ContentDeclarationView';
export { PackingSlipsView, type PackingSlipsViewProps } from './PackingSlipsView';
export { OrderReturns, type OrderReturnsProps } from './OrderReturns';
export type { OrderReturnNode } from './OrderReturns.graphql';
