// The brand page (`/marcas/:slug`): its own chunk.
export { BrandScreen } from '../../screens/storefront/Brand/BrandScreen';
