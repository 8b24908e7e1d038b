// The built server's entry (scripts/build-server.mjs bundles from here into dist/server.mjs, which
// `npm start` runs with plain node). Under tsx, src/server.ts is its own entry.
import { main } from './server';

main();
