// The storefront's frame (its own chunk): shell, its route error view and the 404. Each page is
// a chunk of its own (see routes.tsx), so a first visit to `/` loads the shell and the home only.
export {
  StorefrontShellScreen as StorefrontLayout,
  NotFoundScreen as StorefrontNotFound,
  StorefrontErrorView as StorefrontRouteError,
} from '@vitrine/ui/storefront';
