// What the app's server entry needs beside the host's: MUI's styles on the server.
export { createServerStyles, type ServerStyles } from '../server/serverStyles';
// The device's pages (bag, checkout, orders): rendered from what its cookies hold.
export { DeviceStateContext, deviceStateScript } from '../device/DeviceState';
export { readDeviceCookies, type DeviceState } from '../device/deviceCookies';
