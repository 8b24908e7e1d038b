// The 404 page of both areas (its own small chunk: no first visit needs it).
export { NotFoundScreen } from '@vitrine/ui/storefront';
