// What a GraphQL document may cost the server before it runs, at the edge of every limit the
// shape check sets (packages/api/src/graphql/limits.ts):
//   1. the event loop: for the worst document of each kind the shape check still lets through,
//      the shape check and graphql's validation (the server's rules) in CPU ms, median and max of
//      BENCH_RUNS runs after warm-ups; and how long the shape check takes to refuse the hostile ones
//      (their validation, which no longer runs, beside it);
//   2. memory: what Mercurius keeps per document in its cache (heap after garbage collection,
//      BENCH_MEMORY_DOCUMENTS distinct documents of each kind, each sent twice so it is compiled),
//      beside the estimate graphql/document-cache.ts charges for it.
// CPU time, not wall time: the figures hold on a shared machine. Prints figures; never fails on time.
//
//   BENCH_RUNS              timed runs per document (default 30)
//   BENCH_MEMORY_DOCUMENTS  distinct documents per kind for the memory table (default 200)
//
// Run: node --expose-gc --import tsx bench/graphql-documents.ts
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type * as graphqlModule from 'graphql';
import mercurius from 'mercurius';
import {
  DOCUMENT_BYTES_PER_ERROR,
  documentEntryBytes,
} from '../packages/api/src/graphql/document-cache';
import { validationRules } from '../packages/api/src/graphql/index';
import { checkDocumentShape } from '../packages/api/src/graphql/limits';
import { SCHEMA_PATH } from '../packages/api/src/plugins/graphql';
import { markdownTable } from './lib/table';

const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const MEMORY_DOCUMENTS = Number(process.env.BENCH_MEMORY_DOCUMENTS ?? 200);
const sdl = readFileSync(SCHEMA_PATH, 'utf8');
const schema = graphql.buildSchema(sdl);
// The server's rules in production (introspection off).
const rules = [
  ...graphql.specifiedRules,
  ...validationRules,
  graphql.NoSchemaIntrospectionCustomRule,
];

function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function stats(samples: number[]): { median: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

const repeat = (text: string, count: number) => Array.from({ length: count }, () => text).join(' ');
const nest = (levels: number, leaf: string): string =>
  levels === 0 ? leaf : `children { ${nest(levels - 1, leaf)} }`;
const later = (i: number, count: number) =>
  Array.from({ length: count - i - 1 }, (_, k) => `...F${i + k + 1}`).join(' ');

/** The worst of each kind the shape check lets through (each at its limit). */
const ACCEPTED: Array<[string, string]> = [
  [
    '45 copies of brands { slug name } (2,970 same-name pairs)',
    `{ ${repeat('brands { slug name }', 45)} }`,
  ],
  ['77 copies of one leaf field (2,926 pairs)', `{ storeSettings { ${repeat('storeName', 77)} } }`],
  [
    '21 copies of categories 9 levels deep (2,940 pairs)',
    `{ ${repeat(`categories { ${nest(8, 'slug')} }`, 21)} }`,
  ],
  [
    '8 fragments in a binary tree, 895 fields once expanded',
    [
      'query Q { categories { ...T1 } }',
      ...Array.from({ length: 7 }, (_, i) => {
        const next = i < 6 ? `T${i + 2}` : 'Leaf';
        return `fragment T${i + 1} on Category { children { ...${next} } path { ...${next} } }`;
      }),
      'fragment Leaf on Category { id slug name parentId position }',
    ].join('\n'),
  ],
  [
    '30 fragments side by side, 30 aliases',
    [
      `query Q { ${Array.from({ length: 30 }, (_, i) => `...F${i}`).join(' ')} }`,
      ...Array.from(
        { length: 30 },
        (_, i) =>
          `fragment F${i} on Query { b${i}: brands { id slug name } storeSettings { storeName } }`,
      ),
    ].join('\n'),
  ],
  [
    '15 aliased listings of 16 fields',
    `{ ${Array.from({ length: 15 }, (_, i) => `p${i}: products(first: 2) { nodes { id slug name minPriceCents brand { id name slug } images { url } variants { id sku stock priceCents } } }`).join(' ')} }`,
  ],
  [
    '490 unknown fields (101 validation errors)',
    `{ storeSettings { ${Array.from({ length: 490 }, (_, k) => `storeNam${k}`).join(' ')} } }`,
  ],
  [
    '600 unknown arguments (1,800 tokens)',
    `{ storeSettings(${Array.from({ length: 600 }, (_, k) => `a${k}: 1`).join(' ')}) { storeName } }`,
  ],
  [
    'a list literal of 1,900 strings',
    `{ products(filter: { brandSlugs: [${repeat('"a"', 1_900)}] }) { nodes { id } } }`,
  ],
];

/** What the report and earlier probes sent; the shape check refuses them. */
const REFUSED: Array<[string, string]> = [
  [
    '30 fragments each spreading all the later ones',
    [
      'query Q { ...F0 }',
      ...Array.from(
        { length: 30 },
        (_, i) => `fragment F${i} on Query { storeSettings { storeName } ${later(i, 30)} }`,
      ),
    ].join('\n'),
  ],
  [
    '30 overlapping nested fragments, all spread together',
    [
      `query Q { ${Array.from({ length: 30 }, (_, i) => `...F${i}`).join(' ')} }`,
      ...Array.from(
        { length: 30 },
        (_, i) =>
          `fragment F${i} on Query { categories { id slug name children { id slug name children { id slug } } } }`,
      ),
    ].join('\n'),
  ],
  ['100 copies of brands { slug name }', `{ ${repeat('brands { slug name }', 100)} }`],
  [
    '12 fragments each spreading all the later ones',
    [
      'query Q { ...F0 }',
      ...Array.from(
        { length: 12 },
        (_, i) => `fragment F${i} on Query { brands { slug } ${later(i, 12)} }`,
      ),
    ].join('\n'),
  ],
];

function validationTable(): string {
  const rows: string[][] = [];
  for (const [label, source] of ACCEPTED) {
    const shape = checkDocumentShape(source);
    if (shape.error) throw new Error(`${label}: refused: ${shape.error.message}`);
    const document = graphql.parse(source);
    let errors = 0;
    for (let i = 0; i < 3; i += 1) errors = graphql.validate(schema, document, rules).length;
    const check = stats(
      Array.from({ length: RUNS }, () => cpuMs(() => checkDocumentShape(source))),
    );
    const validation = stats(
      Array.from({ length: RUNS }, () => cpuMs(() => graphql.validate(schema, document, rules))),
    );
    rows.push([
      label,
      'accepted',
      String(source.length),
      String(shape.tokens),
      check.median.toFixed(2),
      validation.median.toFixed(2),
      validation.max.toFixed(2),
      String(errors),
    ]);
  }
  for (const [label, source] of REFUSED) {
    const shape = checkDocumentShape(source);
    if (!shape.error) throw new Error(`${label}: not refused`);
    const document = graphql.parse(source);
    graphql.validate(schema, document, rules);
    const check = stats(
      Array.from({ length: RUNS }, () => cpuMs(() => checkDocumentShape(source))),
    );
    // What validation would cost (a few runs: it is what the check spares).
    const validation = stats(
      Array.from({ length: 5 }, () => cpuMs(() => graphql.validate(schema, document, rules))),
    );
    rows.push([
      `${label} (would validate in)`,
      `refused: ${shape.error.message.slice(0, 36)}…`,
      String(source.length),
      String(shape.tokens),
      check.median.toFixed(2),
      validation.median.toFixed(2),
      validation.max.toFixed(2),
      '',
    ]);
  }
  return markdownTable(
    ['document', 'shape check', 'chars', 'tokens', 'check ms', 'validate ms p50', 'max', 'errors'],
    rows,
  );
}

const gc = (globalThis as { gc?: () => void }).gc;

async function memoryTable(): Promise<string> {
  if (!gc) return '(run with node --expose-gc for the memory table)';
  const app = Fastify();
  await app.register(mercurius, {
    schema: sdl,
    resolvers: { Query: { storeSettings: () => ({ storeName: 'Vitrine' }) } } as never,
    jit: 1,
    cache: 100_000,
    validationRules: rules.slice(graphql.specifiedRules.length),
  });
  await app.ready();
  const kinds: Array<[string, (i: number) => string]> = [
    ['one field', (i) => `query Q${i} { storeSettings { storeName } }`],
    [
      '500 fields',
      (i) =>
        `query Q${i} { storeSettings { ${repeat('storeName', 75)} ${repeat('currency', 75)} ${repeat('heroTitle', 74)} } }`,
    ],
    [
      '32 KB: a comment and one field',
      (i) => `query Q${i} { storeSettings { storeName } }\n# ${'x'.repeat(32 * 1024 - 50)}`,
    ],
    [
      '1,850-string list literal',
      (i) =>
        `query Q${i} { products(first: 1, filter: { brandSlugs: [${repeat('"a"', 1_850)}] }) { nodes { id } } }`,
    ],
    [
      '40 unknown fields (40 errors)',
      (i) =>
        `query Q${i} { storeSettings { ${Array.from({ length: 40 }, (_, k) => `nope${k}`).join(' ')} } }`,
    ],
    [
      '490 unknown fields (101 errors)',
      (i) =>
        `query Q${i} { storeSettings { ${Array.from({ length: 490 }, (_, k) => `storeNam${k}`).join(' ')} } }`,
    ],
  ];
  const rows: string[][] = [];
  for (const [label, make] of kinds) {
    const sources = Array.from({ length: MEMORY_DOCUMENTS }, (_, i) => make(i));
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const query of sources) {
      for (let k = 0; k < 2; k += 1) {
        await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
      }
    }
    gc();
    gc();
    const measured = (process.memoryUsage().heapUsed - before) / MEMORY_DOCUMENTS;
    const { tokens } = checkDocumentShape(sources[0]!);
    // The validation errors Mercurius caches with an invalid document.
    const errors = graphql.validate(schema, graphql.parse(sources[0]!), rules).length;
    const estimate =
      documentEntryBytes(sources[0]!.length, tokens) + errors * DOCUMENT_BYTES_PER_ERROR;
    rows.push([
      label,
      String(sources[0]!.length),
      String(tokens),
      String(errors),
      (measured / 1024).toFixed(1),
      (estimate / 1024).toFixed(1),
      (estimate / measured).toFixed(2),
    ]);
  }
  await app.close();
  return markdownTable(
    [
      'document kind',
      'chars',
      'tokens',
      'errors',
      'measured KB',
      'estimate KB',
      'estimate ÷ measured',
    ],
    rows,
  );
}

async function main() {
  console.log(
    `\nGraphQL documents at the shape check's limits — CPU ms, ${RUNS} runs after warm-ups, Node ${process.version}\n`,
  );
  console.log(validationTable());
  console.log(
    `\nWhat Mercurius keeps per document (heap after GC, ${MEMORY_DOCUMENTS} distinct documents per kind, each sent twice), beside graphql/document-cache.ts's estimate\n`,
  );
  console.log(await memoryTable());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
