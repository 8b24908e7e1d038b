// The storefront's home page (`/`): its own chunk.
export { HomeScreen } from '../../screens/storefront/Home/HomeScreen';
