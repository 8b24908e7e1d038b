// What the app's server entry needs beside the host's: MUI's styles on the server.
export { createServerStyles, type ServerStyles } from '../server/serverStyles';
