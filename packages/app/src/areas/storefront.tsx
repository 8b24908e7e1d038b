// The storefront's frame (its own chunk): the shell (header, search, bag, footer, and the error
// boundary around each page). Each page is a chunk of its own (see routes.tsx), so a first visit
// to `/` loads the shell and the home only.
export { StorefrontShellScreen as StorefrontLayout } from '@vitrine/ui/storefront';
