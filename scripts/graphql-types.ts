// Generates packages/ui/src/graphql/generated.ts: the exact result and variables types of every
// operation in packages/ui/src/**/*.graphql.ts, from the committed SDL (GraphQL Code Generator's
// typescript-operations). Each document declares itself with them
// (`TypedDocumentNode<<Name>Query, <Name>QueryVariables>`); the documents are read here, never
// imported by the generated file, so a document and its types cannot disagree. Also writes
// packages/api/src/graphql/trusted-documents.generated.ts: the hash of every one of those
// documents, the only ones an anonymous client may run in production (trusted documents). And
// writes packages/api/src/graphql/resolvers.generated.ts: the schema's types and the resolvers'
// (typescript-resolvers), so the API's resolvers take the arguments the schema declares and
// return what it declares.
//
//   npm run graphql:types             write the files
//   npm run graphql:types -- --check  exit 1 when a committed file is not what it would write
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typescript from '@graphql-codegen/typescript';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import * as typescriptResolvers from '@graphql-codegen/typescript-resolvers';
import { buildSchema, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { format, resolveConfig } from 'prettier';
import { runnerImport } from 'vite';
import {
  canonicalDocument,
  trustedDocumentHash,
} from '../packages/api/src/graphql/trusted-document-hash';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UI_SOURCE = path.join(ROOT, 'packages/ui/src');
const SCHEMA_FILE = path.join(ROOT, 'packages/api/schema.graphql');
const OUTPUT_FILE = path.join(UI_SOURCE, 'graphql/generated.ts');
const TRUSTED_FILE = path.join(ROOT, 'packages/api/src/graphql/trusted-documents.generated.ts');
const RESOLVERS_FILE = path.join(ROOT, 'packages/api/src/graphql/resolvers.generated.ts');
const COMMAND = 'npm run graphql:types';

/**
 * The schema's object types that resolvers hand on as a database row or a service's view, which
 * the type's field resolvers turn into the schema's shape (a Date into an ISO string...): the row
 * or view type, from a module's `*.tables.ts` or its resolver file (a `*.graphql.ts` defines or
 * re-exports it; the graphql/ layer imports nothing else of the modules, module-graph.json). A
 * new type whose resolvers hand on a row goes here. Paths are from
 * packages/api/src/graphql/.
 */
const MAPPERS: Record<string, string> = {
  AuditEntry: '../modules/audit/audit.tables#AuditLogRow',
  MailMessage: '../modules/mail/mail.tables#MailOutboxRow',
  Brand: '../modules/catalog/catalog.tables#BrandRow',
  Category: '../modules/catalog/catalog.tables#CategoryRow',
  Image: '../modules/catalog/catalog.tables#ImageRow',
  Variant: '../modules/catalog/catalog.tables#VariantRow',
  StockMovement: '../modules/catalog/catalog.tables#StockMovementRow',
  Product: '../modules/catalog/catalog.graphql#ProductListRow',
  ProductConnection: '../modules/catalog/catalog.graphql#ProductConnectionView',
  StaffProductConnection: '../modules/catalog/catalog.staff.graphql#StaffProductConnectionView',
  CatalogHistoryEntry: '../modules/catalog/catalog.bulk.graphql#CatalogHistoryRow',
  CustomerOrder: '../modules/checkout/checkout.graphql#CustomerOrderView',
  PixCharge: '../modules/checkout/checkout.graphql#PixChargeView',
  Coupon: '../modules/coupons/coupons.tables#CouponRow',
  Customer: '../modules/customers/customers.graphql#CustomerView',
  ProductImport: '../modules/imports/imports.graphql#ProductImportRecord',
  Order: '../modules/orders/orders.tables#OrderRow',
  OrderEvent: '../modules/orders/orders.tables#OrderEventRow',
  OrderPayment: '../modules/orders/orders.tables#PaymentRow',
  OrderRefund: '../modules/orders/orders.tables#OrderRefundRow',
  BankStatementImport: '../modules/reconciliation/reconciliation.tables#BankStatementImportRow',
  BankStatementEntry: '../modules/reconciliation/reconciliation.tables#BankStatementEntryRow',
  AdminSettings: '../modules/settings/settings.graphql#AdminSettingsView',
  OrderReturn: '../modules/returns/returns.graphql#StaffReturnView',
  ShippingBox: '../modules/shipping/shipping.tables#ShippingBoxRow',
  ShippingMethod: '../modules/shipping/shipping.tables#ShippingMethodRow',
  Staff: '../modules/staff/staff.graphql#StaffNode',
  SavedView: '../modules/views/views.tables#SavedViewRow',
};

interface Operation {
  /** Path of the module from packages/ui/src, with forward slashes. */
  file: string;
  exportName: string;
  name: string;
  kind: OperationDefinitionNode['operation'];
  document: DocumentNode;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

async function documentModules(): Promise<string[]> {
  const files = await readdir(UI_SOURCE, { recursive: true });
  return files
    .filter((file) => file.endsWith('.graphql.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function isDocument(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document'
  );
}

/** Evaluates every document module in one Vite module runner (as vite.config.ts's build does). */
async function loadOperations(files: string[]): Promise<Operation[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-graphql-types-'));
  const entry = path.join(dir, 'documents.ts');
  await writeFile(
    entry,
    files
      .map((file, i) => `export * as m${i} from ${JSON.stringify(path.join(UI_SOURCE, file))};`)
      .join('\n'),
  );
  try {
    const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, {
      configFile: false,
      logLevel: 'silent',
      // The ESM build of Apollo's core (its package's CJS entry has no named exports).
      resolve: {
        alias: [
          {
            find: /^@apollo\/client$/,
            replacement: path.join(ROOT, 'node_modules/@apollo/client/core/index.js'),
          },
        ],
      },
      ssr: { noExternal: true },
    });
    const seen = new Map<string, Operation>();
    const operations: Operation[] = [];
    files.forEach((file, i) => {
      for (const [exportName, value] of Object.entries(module[`m${i}`] ?? {}).sort(([a], [b]) =>
        a.localeCompare(b),
      )) {
        if (!isDocument(value)) continue;
        const definitions = value.definitions.filter(
          (definition): definition is OperationDefinitionNode =>
            definition.kind === 'OperationDefinition',
        );
        const [definition] = definitions;
        const where = `packages/ui/src/${file} ${exportName}`;
        if (definitions.length !== 1 || !definition)
          throw new Error(`${where}: a document holds exactly one operation`);
        if (!definition.name) throw new Error(`${where}: the operation needs a name`);
        const name = definition.name.value;
        const other = seen.get(name);
        if (other)
          throw new Error(
            `${where}: operation ${name} is also packages/ui/src/${other.file} ${other.exportName}; names must be unique`,
          );
        const operation = { file, exportName, name, kind: definition.operation, document: value };
        seen.set(name, operation);
        operations.push(operation);
      }
    });
    return operations;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const suffix = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/** The allow-list of trusted documents: each ui document's canonical hash and its operation. */
async function generateTrusted(operations: Operation[]): Promise<string> {
  const entries = operations
    .map((operation) => [trustedDocumentHash(operation.document), operation.name] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const source = [
    `// Generated by \`${COMMAND}\` (scripts/graphql-types.ts) from the documents of`,
    '// packages/ui/src/**/*.graphql.ts. Do not edit: change a document and run the command again',
    '// (`npm run schema:check` fails while this file is stale).',
    '/** sha256 of each ui document in canonical form (trusted-document-hash.ts) -> its operation. */',
    'export const TRUSTED_DOCUMENTS: ReadonlyMap<string, string> = new Map([',
    ...entries.map(([hash, name]) => `  ['${hash}', '${name}'],`),
    ']);',
    '',
    '/** Length of the longest of them in canonical form (anonymous documents far longer are refused unread). */',
    `export const TRUSTED_DOCUMENT_MAX_LENGTH = ${Math.max(...operations.map((operation) => canonicalDocument(operation.document).length))};`,
    '',
  ].join('\n');
  const options = await resolveConfig(TRUSTED_FILE);
  return format(source, { ...options, filepath: TRUSTED_FILE });
}

/**
 * Each document is declared with its own operation's generated types, so its result and
 * variables are the schema's: `export const X: TypedDocumentNode<NameQuery, NameQueryVariables>`.
 */
async function checkDocumentTypes(operations: Operation[]): Promise<void> {
  const texts = new Map<string, string>();
  for (const operation of operations) {
    const text =
      texts.get(operation.file) ?? (await readFile(path.join(UI_SOURCE, operation.file), 'utf8'));
    texts.set(operation.file, text);
    const typeName = `${operation.name}${suffix[operation.kind]}`;
    const declaration = new RegExp(
      `export const ${operation.exportName}:\\s*TypedDocumentNode<\\s*${typeName},\\s*${typeName}Variables,?\\s*>`,
    );
    if (!declaration.test(text))
      throw new Error(
        `packages/ui/src/${operation.file} ${operation.exportName}: declare it as ` +
          `TypedDocumentNode<${typeName}, ${typeName}Variables> (import type from graphql/generated)`,
      );
  }
}

/**
 * The API's side of the contract: every schema type, input and argument set (`QueryXArgs`,
 * `MutationXArgs`) and the resolver map's types (`Resolvers`, `QueryResolvers`...) over
 * GraphQLContext. What a resolver returns is checked: an object type of MAPPERS is its row or
 * view (which its field resolvers receive as their parent and turn into the schema's shape), any
 * other object, scalar or enum exactly the schema's (no defaultMapper: not a loose `unknown` or
 * `Partial`, so a non-null field left out or of another type does not compile).
 */
async function generateResolverTypes(sdl: string): Promise<string> {
  const types = await codegen({
    filename: RESOLVERS_FILE,
    schema: parse(sdl),
    schemaAst: buildSchema(sdl),
    documents: [],
    plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
    pluginMap: { typescript, typescriptResolvers },
    config: {
      contextType: './context#GraphQLContext',
      // What a resolver returns is checked against the schema: a type's own row or view where
      // its field resolvers convert one (MAPPERS), else the schema's shape itself (no
      // defaultMapper: every non-null field present, of its type).
      mappers: MAPPERS,
      rootValueType: 'unknown',
      enumType: 'string-literal',
      enumsAsTypes: true,
      useTypeImports: true,
      // Arguments arrive as GraphQL coerced them: absent or null for an optional one.
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null | undefined',
      avoidOptionals: false,
      scalars: {
        ID: { input: 'string', output: 'string | number' },
        Cents: { input: 'number', output: 'number | bigint | string' },
      },
    },
  });
  const source = [
    `// Generated by \`${COMMAND}\` (scripts/graphql-types.ts) from packages/api/schema.graphql.`,
    '// Do not edit: change the schema and run the command again (`npm run schema:check` fails',
    "// while this file is stale). The resolvers' arguments are `<Query|Mutation><Field>Args`.",
    '/* eslint-disable */',
    '',
    types,
  ].join('\n');
  const options = await resolveConfig(RESOLVERS_FILE);
  return format(source, { ...options, filepath: RESOLVERS_FILE });
}

async function generate(): Promise<{ types: string; trusted: string; resolvers: string }> {
  const sdl = await readFile(SCHEMA_FILE, 'utf8');
  const files = await documentModules();
  const operations = await loadOperations(files);
  if (operations.length === 0) throw new Error('no GraphQL document found in packages/ui/src');
  await checkDocumentTypes(operations);
  return {
    types: await generateTypes(sdl, operations),
    trusted: await generateTrusted(operations),
    resolvers: await generateResolverTypes(sdl),
  };
}

async function generateTypes(sdl: string, operations: Operation[]): Promise<string> {
  const types = await codegen({
    filename: OUTPUT_FILE,
    schema: parse(sdl),
    schemaAst: buildSchema(sdl),
    documents: operations.map(({ file, document }) => ({ location: file, document })),
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations },
    config: {
      // The client runs without __typename (SPEC: addTypename false).
      skipTypename: true,
      // Every selected field is present in a result: `T | null`, never an optional key.
      avoidOptionals: { field: true, object: true, inputValue: false, defaultValue: false },
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null',
      arrayInputCoercion: false,
      enumType: 'string-literal',
      useTypeImports: true,
      // IDs travel as strings both ways in the ui; Cents (sums of money) as whole numbers.
      scalars: {
        ID: { input: 'string', output: 'string' },
        Cents: { input: 'number', output: 'number' },
      },
    },
  });

  const source = [
    `// Generated by \`${COMMAND}\` (scripts/graphql-types.ts) from packages/api/schema.graphql`,
    '// and the documents of packages/ui/src/**/*.graphql.ts. Do not edit: change a document or the',
    '// schema and run the command again (`npm run schema:check` fails while this file is stale).',
    "// Each document is typed with its operation's two types below:",
    '// `TypedDocumentNode<<Operation>Query, <Operation>QueryVariables>` (Mutation for mutations).',
    '',
    types,
  ].join('\n');
  const options = await resolveConfig(OUTPUT_FILE);
  return format(source, { ...options, filepath: OUTPUT_FILE });
}

/** Writes `wanted` to `file`, or (check) reports how the committed file differs from it. */
async function writeOrCheck(file: string, wanted: string, check: boolean): Promise<boolean> {
  if (!check) {
    await writeFile(file, wanted);
    console.log(`wrote ${rel(file)}`);
    return true;
  }
  const committed = await readFile(file, 'utf8').catch(() => '');
  if (committed === wanted) {
    console.log(`${rel(file)} is up to date with the schema and the documents`);
    return true;
  }
  const now = committed.split('\n');
  const lines = wanted.split('\n');
  let line = 0;
  while (line < Math.max(now.length, lines.length) && now[line] === lines[line]) line += 1;
  console.error(
    `${rel(file)} is stale: the schema or a document changed. Run \`${COMMAND}\`, then ` +
      '`npx tsc -b` shows the screens a changed type breaks.\n' +
      `First difference at line ${line + 1}:\n` +
      `  committed: ${now[line] ?? '(end of file)'}\n` +
      `  expected:  ${lines[line] ?? '(end of file)'}`,
  );
  return false;
}

async function main() {
  const check = process.argv.includes('--check');
  const { types, trusted, resolvers } = await generate();
  const typesOk = await writeOrCheck(OUTPUT_FILE, types, check);
  const trustedOk = await writeOrCheck(TRUSTED_FILE, trusted, check);
  const resolversOk = await writeOrCheck(RESOLVERS_FILE, resolvers, check);
  if (!typesOk || !trustedOk || !resolversOk) process.exitCode = 1;
}

await main();
