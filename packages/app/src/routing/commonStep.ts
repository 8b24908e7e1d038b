// A boot step of its own (main.tsx): importing this evaluates the chunk of the router, MUI and the
// storefront's shared pieces (vite.config.ts, storefront-common) before the app's own modules.
// One name from it is enough: a chunk is evaluated whole.
export { useLocation } from 'react-router-dom';
