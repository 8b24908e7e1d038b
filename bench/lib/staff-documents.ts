// The attack bench's staff case (bench/attack.ts): one staff session (SUPPORT, the least role)
// sends `count` documents of each kind the server has never seen, in turn on ATTACK_CONNECTIONS
// connections, while shoppers read: the report's 6.5 MB documents (a small query and a long
// comment), the largest documents still allowed (about 31 KB and 1,900 tokens, each a new entry in
// the server's document caches) and 30 overlapping nested fragments. Prints the server's RSS
// before, right after and after an idle pause, the shoppers' p50/p99 beside their quiet figures,
// and what each kind of staff request got.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import type { Database } from '../../packages/api/src/db';
import { PasswordHasher } from '../../packages/api/src/modules/staff/password';
import { insertStaff } from '../../packages/api/src/modules/staff/staff.repository';

const STAFF_EMAIL = 'suporte.bench@vitrine.test';
const STAFF_PASSWORD = 'senha do bench bem longa';
const ATTACK_CONNECTIONS = 2;

/** The SUPPORT account the case signs in with (before the server starts: PGlite is one process's). */
export async function createBenchStaff(db: Database): Promise<void> {
  await insertStaff(db, {
    email: STAFF_EMAIL,
    name: 'Suporte (bench)',
    role: 'SUPPORT',
    // Cheap hashing: the login is not what is measured here.
    passwordHash: await new PasswordHasher({ logN: 10, r: 8, p: 1 }).hash(STAFF_PASSWORD),
  });
}

/** The staff session's access token. */
export async function signInBenchStaff(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_EMAIL, password: STAFF_PASSWORD, remember: false }),
  });
  if (response.status !== 200) {
    throw new Error(`staff login: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { access: string }).access;
}

/** A process's resident set, in MB (Linux /proc; null elsewhere). */
export async function residentMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const tag = () => randomBytes(6).toString('hex');

const HUGE_LENGTH = 6.5 * 1024 * 1024;
/** The huge documents' comment, built once: the bench's own event loop measures the shoppers. */
const HUGE_FILLER = Buffer.alloc(HUGE_LENGTH, 'x');

/** The report's document: 6.5 MB, a new one each time (a small query and a long comment), as a body. */
function hugeBody(): Buffer {
  const query = `query Q${tag()} { storeSettings { storeName } }\n# `;
  return Buffer.concat([
    Buffer.from(`{"query":${JSON.stringify(query).slice(0, -1)}`),
    HUGE_FILLER.subarray(0, HUGE_LENGTH - query.length),
    Buffer.from('","variables":{}}'),
  ]);
}

/** The largest allowed: ~31 KB, ~1,900 tokens (a list literal), a new one each time. */
function largestAllowedDocument(): string {
  const slugs = Array.from({ length: 1_850 }, () => '"a"').join(' ');
  // Skipped: the document is parsed, validated and kept, but runs no query.
  const query = `query Q${tag()} { storeSettings { storeName } products(first: 1, filter: { brandSlugs: [${slugs}] }) @skip(if: true) { nodes { id } } }\n# `;
  return query + 'y'.repeat(31 * 1024 - query.length);
}

/** 30 fragments with the same nested fields, all spread together (names new each time). */
function overlappingFragments(): string {
  const t = tag();
  const spreads = Array.from({ length: 30 }, (_, i) => `...F${t}${i}`).join(' ');
  const fragments = Array.from(
    { length: 30 },
    (_, i) =>
      `fragment F${t}${i} on Query { categories { id slug name children { id slug name children { id slug } } } }`,
  );
  return [`query Q${t} { ${spreads} }`, ...fragments].join('\n');
}

const asBody = (make: () => string) => () => JSON.stringify({ query: make(), variables: {} });

/** Each kind's request body, a new document each time. */
export const STAFF_DOCUMENT_KINDS: Array<{ name: string; body: () => string | Buffer }> = [
  { name: '6.5 MB document (new each time)', body: hugeBody },
  {
    name: 'largest allowed: 31 KB, 1,900 tokens (new each time)',
    body: asBody(largestAllowedDocument),
  },
  { name: '30 overlapping nested fragments (new each time)', body: asBody(overlappingFragments) },
];

export interface StaffKindResult {
  name: string;
  sent: number;
  codes: string;
  p50: number;
  max: number;
}

/**
 * Sends `count` documents of each kind, in turn, on ATTACK_CONNECTIONS connections as `token`;
 * per kind: requests, status codes, and wall time p50/max in ms.
 */
export async function staffDocumentsAttack(
  url: string,
  token: string,
  count: number,
): Promise<StaffKindResult[]> {
  const stats = STAFF_DOCUMENT_KINDS.map(() => ({
    times: [] as number[],
    codes: new Map<number, number>(),
  }));
  const total = count * STAFF_DOCUMENT_KINDS.length;
  let next = 0;
  const connection = async () => {
    while (next < total) {
      const kind = next % STAFF_DOCUMENT_KINDS.length;
      next += 1;
      const body = STAFF_DOCUMENT_KINDS[kind]!.body();
      const started = performance.now();
      const response = await fetch(`${url}/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
      await response.arrayBuffer();
      const stat = stats[kind]!;
      stat.times.push(performance.now() - started);
      stat.codes.set(response.status, (stat.codes.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: ATTACK_CONNECTIONS }, connection));
  return STAFF_DOCUMENT_KINDS.map(({ name }, i) => {
    const { times, codes } = stats[i]!;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      name,
      sent: times.length,
      codes: [...codes].map(([code, count]) => `${code}×${count}`).join(' '),
      p50: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0,
      max: sorted.length ? sorted[sorted.length - 1]! : 0,
    };
  });
}

export interface ShopperFigures {
  p50: number;
  p99: number;
  codes: string;
}

/** Shoppers on `connections` until `until` settles (autocannon, stopped then). */
function shoppersUntil(
  url: string,
  requests: autocannon.Request[],
  connections: number,
  until: Promise<unknown>,
): Promise<ShopperFigures> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: 3_600, requests },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: result.latency.p50,
          p99: result.latency.p99,
          codes: Object.entries(result.statusCodeStats ?? {})
            .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
            .join(' '),
        });
      },
    );
    until.finally(() => instance.stop()).catch(() => undefined);
  });
}

/**
 * The case: RSS, then the shoppers measured while the staff session sends its `count` documents
 * of each kind, RSS again, an idle pause, RSS once more. Returns a Markdown table.
 */
export async function staffDocumentsCase(options: {
  url: string;
  pid: number | undefined;
  quiet: ShopperFigures;
  /** What the shoppers ask, on `connections`. */
  shopper: { requests: autocannon.Request[]; connections: number };
  count: number;
  idleSeconds: number;
  table: (header: string[], rows: string[][]) => string;
}): Promise<string> {
  const token = await signInBenchStaff(options.url);
  const mb = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
  const before = await residentMb(options.pid);
  const attack = staffDocumentsAttack(options.url, token, options.count);
  const [beside, staff] = await Promise.all([
    shoppersUntil(options.url, options.shopper.requests, options.shopper.connections, attack),
    attack,
  ]);
  const after = await residentMb(options.pid);
  await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
  const idle = await residentMb(options.pid);
  const ratio = (value: number, quiet: number) =>
    quiet > 0 ? `×${(value / quiet).toFixed(1)}` : '';
  const rows = [
    [
      'storefront listing, quiet',
      String(options.quiet.p50),
      String(options.quiet.p99),
      '',
      options.quiet.codes,
    ],
    [
      'storefront listing beside the staff session',
      `${beside.p50} (${ratio(beside.p50, options.quiet.p50)})`,
      `${beside.p99} (${ratio(beside.p99, options.quiet.p99)})`,
      '',
      beside.codes,
    ],
    ...staff.map((kind) => [
      `  staff: ${kind.name}`,
      kind.p50.toFixed(0),
      `${kind.max.toFixed(0)} (max)`,
      String(kind.sent),
      kind.codes,
    ]),
    [
      `server RSS MB: before / after / after ${options.idleSeconds} s idle`,
      `${mb(before)} / ${mb(after)} / ${mb(idle)}`,
      '',
      '',
      '',
    ],
  ];
  return options.table(
    ['a staff session’s documents', 'p50 ms', 'p99 ms', 'sent', 'status codes'],
    rows,
  );
}
