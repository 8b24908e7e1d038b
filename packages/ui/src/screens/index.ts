// The dashboard's screens and the shared error pages (the storefront's are in ./storefront,
// exported beside these from the package root).
export * from './dashboard';
export * from './errors';
