// The storefront's screens (views and data screens); packages/app routes to them.
export * from './Brand';
export * from './Cart';
export * from './Checkout';
export * from './Home';
export * from './Institutional';
export * from './Listing';
export * from './OrderConfirmation';
export * from './OrderTracking';
export * from './ProductPage';
export * from './RestockConfirm';
export * from './Shell';
export * from './shared';
export * from '../../components/storefront';
export * from '../../cart';
export * from '../../forms/br';
export * from '../../seo';
