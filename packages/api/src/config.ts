// Every environment variable the server reads, parsed once, with safe defaults.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (this file is packages/api/src/config.ts): default paths hang from it, so
 * the server finds its data and the built app whether started from the root or packages/api.
 */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type TrustProxy = boolean | number | string[];

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

/** What one guest may hold at once and how many order mails one recipient gets (0 = off). */
export interface CheckoutLimits {
  unpaidOrdersPerClient: number;
  unpaidOrdersPerEmail: number;
  unpaidOrdersPerCpf: number;
  /** Order-placed mails per recipient (normalised e-mail) in any hour; past it none is sent. */
  orderMailsPerRecipient: number;
  /**
   * Units of one variant one guest (client address, e-mail, CPF) may hold in unpaid orders: at
   * most this many, or variantHoldPercent of the variant's stock if that is more
   * (checkout.limits heldUnitsLimit).
   */
  variantHoldUnits: number;
  /** Percent (1 to 100) of a variant's stock, free and held, one guest may hold; 0: no bound. */
  variantHoldPercent: number;
}

/** The production defaults of CheckoutLimits (tests default to 0: off). */
export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = {
  unpaidOrdersPerClient: 5,
  unpaidOrdersPerEmail: 3,
  unpaidOrdersPerCpf: 3,
  orderMailsPerRecipient: 5,
  variantHoldUnits: 3,
  variantHoldPercent: 20,
};

/** What password hashing may cost (see Config.passwordHashing). */
export interface PasswordHashingLimits {
  /** Hashes computed at once per process. */
  concurrency: number;
  /** Hashes waiting for a slot per process; past it 429 at once. 0: no bound. */
  queue: number;
  /** Login password checks per client address in any minute, across accounts. 0: off. */
  loginPerClientPerMinute: number;
  /** The same in any hour. 0: off. */
  loginPerClientPerHour: number;
  /** Login password checks of one client address under way at once, per process. 0: off. */
  loginInFlightPerClient: number;
}

/**
 * What one client address may spend at once on anonymous GraphQL requests and storefront pages,
 * per process (plugins/client-limits.ts); 0 turns a part off. A signed-in staff member is not
 * counted.
 */
export interface ClientLimits {
  /** Requests in flight at once (CLIENT_REQUESTS_IN_FLIGHT). */
  inFlight: number;
  /** Requests past those that wait for a slot (CLIENT_REQUESTS_QUEUED); more are refused. */
  queued: number;
  /** How long one waits at most before it is refused (CLIENT_QUEUE_WAIT_MS). */
  queueWaitMs: number;
  /**
   * Server time (ms its requests are in flight) the address may use per window
   * (CLIENT_TIME_BUDGET_MS per CLIENT_TIME_WINDOW_SECONDS), given back continuously.
   */
  timeBudgetMs: number;
  timeWindowSeconds: number;
}

/** The production defaults of ClientLimits (tests default to inFlight and timeBudgetMs 0: off). */
export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  inFlight: 2,
  queued: 8,
  queueWaitMs: 2_000,
  timeBudgetMs: 2_000,
  timeWindowSeconds: 10,
};

/** Server renders in flight at once per process by default (SERVER_RENDERS_IN_FLIGHT). */
export const DEFAULT_SERVER_RENDERS_IN_FLIGHT = 8;

/** An S3-compatible object store for the media (S3_*; see mediaStorageFromConfig). */
export interface S3Config {
  /** Origin of the store, e.g. http://127.0.0.1:9000 or https://s3.sa-east-1.amazonaws.com. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key rather than https://bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Put before every file name: '' or a path ending in '/'. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; null means the embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /**
   * A read replica of databaseUrl for the storefront's uncached catalog reads (DATABASE_READ_URL);
   * null: every read on the primary.
   */
  databaseReadUrl: string | null;
  /** The replica's lag past which, and the time after a catalog change during which, reads stay on the primary. */
  databaseReadMaxLagMs: number;
  /** Directory of the embedded database, or 'memory://' for an in-memory one. */
  dataDir: string;
  /** Public origin of the store, used for links in mails (never the request's Host header). */
  publicUrl: string;
  jwtSecret: string | null;
  smtpUrl: string | null;
  /** MAIL_FROM; null: the store's name (its settings) at nao-responda@vitrine.local. */
  mailFrom: string | null;
  redisUrl: string | null;
  trustProxy: TrustProxy;
  /** Origins allowed by CORS besides the store's own; empty means same origin only. */
  corsOrigins: string[];
  graphqlIntrospection: boolean;
  /**
   * Trusted documents (GRAPHQL_TRUSTED_DOCUMENTS, on in production): a request without a valid
   * staff session runs only the app's own documents (graphql/trusted-documents.generated.ts).
   */
  graphqlTrustedDocuments: boolean;
  /** Whether the app sends its GraphQL queries over GET (GRAPHQL_USE_GET, into the page's config). */
  graphqlUseGet: boolean;
  /** Execution budget of one GraphQL operation (GRAPHQL_TIMEOUT_MS, 10 s). */
  graphqlTimeoutMs: number;
  /**
   * GraphQL requests one client address may make per minute (GRAPHQL_RATE_LIMIT, 600; 0 turns the
   * limit off, the default in tests). Shared by every instance through Redis when REDIS_URL is set.
   */
  graphqlRateLimit: number;
  /**
   * Anonymous catalog answers kept per process (CATALOG_CACHE_ENTRIES, 5000; 0 turns the cache
   * off, the default in tests), in bytes at most (CATALOG_CACHE_MAX_BYTES, 64 MiB; the least
   * recently used go first) and for how long at most (CATALOG_CACHE_TTL_SECONDS, 300): changes
   * invalidate them at once on every instance (modules/catalog-cache); the time limit only bounds
   * what depends on the clock (the best sellers' 90 days).
   */
  catalogCache: { entries: number; ttlSeconds: number; maxBytes: number };
  /**
   * Server-rendered storefront pages kept per process (PAGE_CACHE_ENTRIES, 200; 0 turns it off),
   * only those rendered from catalog cache answers alone, dropped at the catalog's next change or
   * after CATALOG_CACHE_TTL_SECONDS (plugins/page-cache.ts). Needs the catalog cache.
   */
  pageCacheEntries: number;
  /**
   * The kept pages' bytes at most, their compressed copies included (PAGE_CACHE_MAX_BYTES,
   * 32 MiB); the least recently used go first.
   */
  pageCacheMaxBytes: number;
  /**
   * What the GraphQL documents parsed, validated and compiled may cost, estimated
   * (GRAPHQL_DOCUMENT_CACHE_MAX_BYTES, 32 MiB; graphql/document-cache.ts): reached, they are all
   * forgotten and parsed again as they come.
   */
  graphqlDocumentCacheMaxBytes: number;
  /**
   * Server renders of storefront pages in flight at once per process (SERVER_RENDERS_IN_FLIGHT,
   * 8; 0: no bound); past it a page is sent client-rendered at once (server-render.ts).
   */
  serverRendersInFlight: number;
  /**
   * How long a page may take to render before it is sent client-rendered
   * (SERVER_RENDER_TIMEOUT_MS, 3000).
   */
  serverRenderTimeoutMs: number;
  /** Per client address: requests in flight, their queue and a budget of server time. */
  clientLimits: ClientLimits;
  /**
   * Unpaid (awaiting payment) orders at once per client address, per e-mail (normalised) and per
   * CPF (UNPAID_ORDERS_PER_CLIENT 5, UNPAID_ORDERS_PER_EMAIL 3, UNPAID_ORDERS_PER_CPF 3), and
   * order-placed mails per recipient in any hour (ORDER_MAILS_PER_RECIPIENT, 5). 0 turns one off,
   * the default in tests.
   */
  checkoutLimits: CheckoutLimits;
  /**
   * Password hashing (scrypt): hashes computed at once per process (PASSWORD_HASH_CONCURRENCY,
   * default the machine's cores) and waiting for a slot (PASSWORD_HASH_QUEUE, 8; past it the
   * request is answered 429 at once; 0 = no bound, the default in tests); the logins' password
   * checks per client address across every account, the dummy check of an unknown e-mail
   * included, in any minute and in any hour (LOGIN_HASHES_PER_CLIENT_PER_MINUTE 10,
   * LOGIN_HASHES_PER_CLIENT_PER_HOUR 100; 0 turns one off, the default in tests), counted in the
   * rate-limit store (shared through Redis when REDIS_URL is set), and under way at once per
   * process (LOGIN_HASHES_IN_FLIGHT_PER_CLIENT, 1; 0 = off, the default in tests), so one
   * address's allowance cannot fill the queue in a burst.
   */
  passwordHashing: PasswordHashingLimits;
  nodeEnv: string;
  isProduction: boolean;
  seedDemo: boolean;
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * DEMO_STAFF_PASSWORD: when the demo catalog is seeded (a new store), a brand manager
   * (marcas@vitrine.local) and a support account (atendimento@vitrine.local) get this password, so
   * each role can be tried. Unset: no demo staff.
   */
  demoStaffPassword: string | null;
  analyticsMeasurementId: string | null;
  logLevel: string;
  /** Uploaded and demo images on the local disk, unless `s3` is set. */
  mediaDir: string;
  /**
   * The media in an S3-compatible store (S3_BUCKET and the other S3_* variables), which every
   * instance shares; null keeps them in mediaDir.
   */
  s3: S3Config | null;
  appDist: string;
  /**
   * The storefront's server renderer (`npm run build`: dist/server/entry-server.js, beside
   * appDist; SERVER_ENTRY elsewhere), used when it exists and SERVER_RENDER is not false; null
   * serves every page client-rendered.
   */
  serverEntry: string | null;
  /**
   * The built workshop (Storybook: `npm run workshop:build`), served at /workshop when it exists
   * and WORKSHOP is not false. Default: <repository>/dist/workshop.
   */
  workshopDist: string | null;
  /** ViaCEP-compatible address look-up, a URL template with {cep}. */
  addressLookupUrl: string;
  /** Password hashing cost; not an environment variable: tests lower it to stay fast. */
  scrypt: ScryptParams;
}

/** ViaCEP's public service; a compatible one can be set with ADDRESS_LOOKUP_URL. */
export const DEFAULT_ADDRESS_LOOKUP_URL = 'https://viacep.com.br/ws/{cep}/json/';

export const PRODUCTION_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === null || value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error(`${name} deve ser true ou false (recebido: ${value}).`);
}

function integer(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value))
    throw new Error(`${name} deve ser um número inteiro (recebido: ${value}).`);
  return Number(value);
}

const BYTE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A size in bytes: digits, optionally followed by K, M or G (KiB, MiB, GiB: 64M, 512K). */
function byteSize(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const match = /^(\d+)\s*([kmg]?)(?:i?b)?$/i.exec(value);
  if (!match) {
    throw new Error(
      `${name} deve ser um tamanho em bytes, como 67108864 ou 64M (recebido: ${value}).`,
    );
  }
  return Number(match[1]) * BYTE_UNITS[match[2]!.toLowerCase()]!;
}

const CHECKOUT_LIMIT_ENV: Record<keyof CheckoutLimits, string> = {
  unpaidOrdersPerClient: 'UNPAID_ORDERS_PER_CLIENT',
  unpaidOrdersPerEmail: 'UNPAID_ORDERS_PER_EMAIL',
  unpaidOrdersPerCpf: 'UNPAID_ORDERS_PER_CPF',
  orderMailsPerRecipient: 'ORDER_MAILS_PER_RECIPIENT',
  variantHoldUnits: 'VARIANT_HOLD_UNITS',
  variantHoldPercent: 'VARIANT_HOLD_PERCENT',
};

function clientLimits(env: Env, offByDefault: boolean): ClientLimits {
  const limits: ClientLimits = {
    inFlight: integer(
      env,
      'CLIENT_REQUESTS_IN_FLIGHT',
      offByDefault ? 0 : DEFAULT_CLIENT_LIMITS.inFlight,
    ),
    queued: integer(env, 'CLIENT_REQUESTS_QUEUED', DEFAULT_CLIENT_LIMITS.queued),
    queueWaitMs: integer(env, 'CLIENT_QUEUE_WAIT_MS', DEFAULT_CLIENT_LIMITS.queueWaitMs),
    timeBudgetMs: integer(
      env,
      'CLIENT_TIME_BUDGET_MS',
      offByDefault ? 0 : DEFAULT_CLIENT_LIMITS.timeBudgetMs,
    ),
    timeWindowSeconds: integer(
      env,
      'CLIENT_TIME_WINDOW_SECONDS',
      DEFAULT_CLIENT_LIMITS.timeWindowSeconds,
    ),
  };
  if (limits.timeBudgetMs > 0 && limits.timeWindowSeconds === 0) {
    throw new Error(
      'CLIENT_TIME_WINDOW_SECONDS deve ser maior que zero quando CLIENT_TIME_BUDGET_MS está definido.',
    );
  }
  return limits;
}

function checkoutLimits(env: Env, offByDefault: boolean): CheckoutLimits {
  const limits = { ...DEFAULT_CHECKOUT_LIMITS };
  for (const key of Object.keys(CHECKOUT_LIMIT_ENV) as Array<keyof CheckoutLimits>) {
    limits[key] = integer(env, CHECKOUT_LIMIT_ENV[key], offByDefault ? 0 : limits[key]);
  }
  if (limits.variantHoldPercent > 100) {
    throw new Error(
      `VARIANT_HOLD_PERCENT deve ser de 0 a 100 (recebido: ${limits.variantHoldPercent}).`,
    );
  }
  return limits;
}

function passwordHashing(env: Env, offByDefault: boolean): PasswordHashingLimits {
  const concurrency = integer(env, 'PASSWORD_HASH_CONCURRENCY', os.availableParallelism());
  if (concurrency < 1) {
    throw new Error(`PASSWORD_HASH_CONCURRENCY deve ser ao menos 1 (recebido: ${concurrency}).`);
  }
  return {
    concurrency,
    queue: integer(env, 'PASSWORD_HASH_QUEUE', offByDefault ? 0 : 8),
    loginPerClientPerMinute: integer(
      env,
      'LOGIN_HASHES_PER_CLIENT_PER_MINUTE',
      offByDefault ? 0 : 10,
    ),
    loginPerClientPerHour: integer(env, 'LOGIN_HASHES_PER_CLIENT_PER_HOUR', offByDefault ? 0 : 100),
    loginInFlightPerClient: integer(env, 'LOGIN_HASHES_IN_FLIGHT_PER_CLIENT', offByDefault ? 0 : 1),
  };
}

/** TRUST_PROXY: unset/false, true, a hop count, or a comma-separated list of proxy IPs/CIDRs. */
export function parseTrustProxy(value: string | null): TrustProxy {
  if (value === null) return false;
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function origin(value: string, name: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(
      `${name} deve ser uma URL completa, como https://loja.exemplo.com.br (recebido: ${value}).`,
    );
  }
}

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** S3_*: null without S3_BUCKET (and without any other S3_* variable, which would be a slip). */
export function parseS3Config(env: Env): S3Config | null {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) {
    const stray = S3_VARIABLES.filter((name) => text(env, name) !== null);
    if (stray.length) {
      throw new Error(
        `${stray.join(', ')} ${stray.length > 1 ? 'estão definidas' : 'está definida'}, mas S3_BUCKET não: defina S3_BUCKET para guardar as imagens no armazenamento S3 (ou remova as variáveis S3_* para usar MEDIA_DIR).`,
      );
    }
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(bucket)) {
    throw new Error(
      `S3_BUCKET deve ser o nome de um bucket, como vitrine-midia (recebido: ${bucket}).`,
    );
  }
  const region = text(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new Error(`S3_REGION deve ser uma região, como sa-east-1 (recebido: ${region}).`);
  }
  const endpointRaw = text(env, 'S3_ENDPOINT');
  let endpoint = `https://s3.${region}.amazonaws.com`;
  if (endpointRaw !== null) {
    let url: URL | null = null;
    try {
      url = new URL(endpointRaw);
    } catch {
      // Answered below.
    }
    const withCredentials = Boolean(url?.username || url?.password);
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || withCredentials) {
      // Credentials in the URL are not echoed to the log.
      const received = withCredentials ? 'uma URL com usuário e senha' : endpointRaw;
      throw new Error(
        `S3_ENDPOINT deve ser uma URL http(s) sem credenciais, como http://127.0.0.1:9000 (recebido: ${received}).`,
      );
    }
    endpoint = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => text(env, name) === null,
  );
  if (missing.length) {
    throw new Error(
      `S3_BUCKET está definida, mas falta${missing.length > 1 ? 'm' : ''} ${missing.join(' e ')}: as credenciais de acesso ao bucket.`,
    );
  }
  const prefixRaw = text(env, 'S3_PREFIX') ?? '';
  const prefix = prefixRaw.replace(/^\/+|\/+$/g, '');
  if (
    prefix &&
    (!/^[A-Za-z0-9._/-]+$/.test(prefix) ||
      prefix.split('/').some((part) => part === '' || part === '.' || part === '..'))
  ) {
    throw new Error(
      `S3_PREFIX deve ser um caminho simples, como loja/midia (recebido: ${prefixRaw}).`,
    );
  }
  return {
    endpoint,
    region,
    bucket,
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID')!,
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY')!,
    // A store of one's own (MinIO...) seldom has a host name per bucket; AWS has.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpointRaw !== null),
    prefix: prefix ? `${prefix}/` : '',
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  const port = integer(env, 'PORT', 3000);
  // Without PUBLIC_URL, links point at this server on this machine, on whatever port it listens.
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  origin(publicUrl, 'PUBLIC_URL');
  // Explicit paths are relative to the working directory; defaults to the repository.
  const fromEnv = (name: string, fallback: string) => {
    const value = text(env, name);
    return value === null ? path.join(REPOSITORY_ROOT, fallback) : path.resolve(cwd, value);
  };
  const appDist = fromEnv('APP_DIST', 'dist/app');
  const dataDirRaw = text(env, 'DATA_DIR');
  const dataDir = dataDirRaw === 'memory://' ? dataDirRaw : fromEnv('DATA_DIR', 'data');
  const addressLookupUrl = text(env, 'ADDRESS_LOOKUP_URL') ?? DEFAULT_ADDRESS_LOOKUP_URL;
  const databaseReadUrl = text(env, 'DATABASE_READ_URL');
  if (databaseReadUrl !== null && text(env, 'DATABASE_URL') === null) {
    throw new Error(
      'DATABASE_READ_URL é uma réplica de leitura do PostgreSQL de DATABASE_URL: defina DATABASE_URL também (o banco embutido não tem réplica).',
    );
  }
  if (!addressLookupUrl.includes('{cep}')) {
    throw new Error(
      `ADDRESS_LOOKUP_URL deve conter {cep}, como ${DEFAULT_ADDRESS_LOOKUP_URL} (recebido: ${addressLookupUrl}).`,
    );
  }
  origin(addressLookupUrl.replace('{cep}', '01001000'), 'ADDRESS_LOOKUP_URL');
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: text(env, 'DATABASE_URL'),
    databaseReadUrl,
    databaseReadMaxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', 2_000),
    dataDir,
    publicUrl,
    jwtSecret: text(env, 'JWT_SECRET'),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM'),
    redisUrl: text(env, 'REDIS_URL'),
    trustProxy: parseTrustProxy(text(env, 'TRUST_PROXY')),
    corsOrigins: (text(env, 'CORS_ORIGINS') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((value) => origin(value, 'CORS_ORIGINS')),
    graphqlIntrospection: flag(env, 'GRAPHQL_INTROSPECTION', nodeEnv !== 'production'),
    graphqlTrustedDocuments: flag(env, 'GRAPHQL_TRUSTED_DOCUMENTS', nodeEnv === 'production'),
    graphqlUseGet: flag(env, 'GRAPHQL_USE_GET', false),
    graphqlTimeoutMs: integer(env, 'GRAPHQL_TIMEOUT_MS', 10_000),
    graphqlRateLimit: integer(env, 'GRAPHQL_RATE_LIMIT', nodeEnv === 'test' ? 0 : 600),
    catalogCache: {
      entries: integer(env, 'CATALOG_CACHE_ENTRIES', nodeEnv === 'test' ? 0 : 5000),
      ttlSeconds: integer(env, 'CATALOG_CACHE_TTL_SECONDS', 300),
      maxBytes: byteSize(env, 'CATALOG_CACHE_MAX_BYTES', 64 * 1024 ** 2),
    },
    pageCacheEntries: integer(env, 'PAGE_CACHE_ENTRIES', 200),
    pageCacheMaxBytes: byteSize(env, 'PAGE_CACHE_MAX_BYTES', 32 * 1024 ** 2),
    // graphql/document-cache.ts DOCUMENT_CACHE_MAX_BYTES (not imported: it loads graphql).
    graphqlDocumentCacheMaxBytes: byteSize(env, 'GRAPHQL_DOCUMENT_CACHE_MAX_BYTES', 32 * 1024 ** 2),
    serverRendersInFlight: integer(
      env,
      'SERVER_RENDERS_IN_FLIGHT',
      DEFAULT_SERVER_RENDERS_IN_FLIGHT,
    ),
    serverRenderTimeoutMs: integer(env, 'SERVER_RENDER_TIMEOUT_MS', 3_000),
    clientLimits: clientLimits(env, nodeEnv === 'test'),
    checkoutLimits: checkoutLimits(env, nodeEnv === 'test'),
    passwordHashing: passwordHashing(env, nodeEnv === 'test'),
    nodeEnv,
    isProduction: nodeEnv === 'production',
    seedDemo: flag(env, 'SEED_DEMO', true),
    adminEmail: text(env, 'ADMIN_EMAIL')?.toLowerCase() ?? null,
    adminPassword: text(env, 'ADMIN_PASSWORD'),
    demoStaffPassword: text(env, 'DEMO_STAFF_PASSWORD'),
    analyticsMeasurementId: text(env, 'ANALYTICS_MEASUREMENT_ID'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    mediaDir: fromEnv('MEDIA_DIR', 'data/media'),
    s3: parseS3Config(env),
    appDist,
    serverEntry: flag(env, 'SERVER_RENDER', true)
      ? path.resolve(
          cwd,
          text(env, 'SERVER_ENTRY') ?? path.join(appDist, '..', 'server', 'entry-server.js'),
        )
      : null,
    workshopDist: flag(env, 'WORKSHOP', true) ? fromEnv('WORKSHOP_DIST', 'dist/workshop') : null,
    addressLookupUrl,
    scrypt: PRODUCTION_SCRYPT,
  };
}
