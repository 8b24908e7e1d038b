// A storefront GraphQL document as the app bundles it: the ui's *.graphql.ts module loaded through
// vite (Apollo's ESM build; its package's CommonJS entry has no named exports), printed.
import { fileURLToPath } from 'node:url';
import { print, type DocumentNode } from 'graphql';
import { runnerImport } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `file` under packages/ui/src/screens/storefront/, `name` the export. */
export async function uiDocument(file: string, name: string): Promise<string> {
  const { module } = await runnerImport<Record<string, DocumentNode>>(
    `${ROOT}packages/ui/src/screens/storefront/${file}`,
    {
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: [
          {
            find: /^@apollo\/client$/,
            replacement: `${ROOT}node_modules/@apollo/client/core/index.js`,
          },
        ],
      },
    },
  );
  const document = module[name];
  if (!document) throw new Error(`${file} exports no ${name}`);
  return print(document);
}
