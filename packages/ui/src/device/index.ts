export {
  DeviceCart,
  useCartCookie,
  useDeviceOrderEmail,
  useDeviceState,
  useHydratedFetchPolicy,
  useIsHydrating,
} from './DeviceState';
export { writeOrderCookie } from './deviceCookies';
