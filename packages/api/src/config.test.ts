// Configuration defaults that must not depend on where the server was started from.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPOSITORY_ROOT } from './config';

const elsewhere = path.resolve('/tmp/somewhere-else');

describe('loadConfig paths', () => {
  it('finds the built app, the data and the media under the repository from any directory', () => {
    for (const cwd of [REPOSITORY_ROOT, path.join(REPOSITORY_ROOT, 'packages/api'), elsewhere]) {
      const config = loadConfig({}, cwd);
      expect(config.appDist, cwd).toBe(path.join(REPOSITORY_ROOT, 'dist', 'app'));
      expect(config.dataDir, cwd).toBe(path.join(REPOSITORY_ROOT, 'data'));
      expect(config.mediaDir, cwd).toBe(path.join(REPOSITORY_ROOT, 'data', 'media'));
    }
  });

  it('the repository root is the one holding packages/api', () => {
    expect(path.join(REPOSITORY_ROOT, 'packages', 'api', 'src')).toBe(import.meta.dirname);
  });

  it('resolves APP_DIST, DATA_DIR and MEDIA_DIR given explicitly against the working directory', () => {
    const config = loadConfig(
      { APP_DIST: 'build/app', DATA_DIR: './dados', MEDIA_DIR: '/srv/midia' },
      elsewhere,
    );
    expect(config.appDist).toBe(path.join(elsewhere, 'build', 'app'));
    expect(config.dataDir).toBe(path.join(elsewhere, 'dados'));
    expect(config.mediaDir).toBe('/srv/midia');
    expect(loadConfig({ DATA_DIR: 'memory://' }, elsewhere).dataDir).toBe('memory://');
  });
});

describe('ADDRESS_LOOKUP_URL', () => {
  it("defaults to ViaCEP's public service", () => {
    expect(loadConfig({}).addressLookupUrl).toBe('https://viacep.com.br/ws/{cep}/json/');
  });

  it('takes a ViaCEP-compatible template', () => {
    expect(
      loadConfig({ ADDRESS_LOOKUP_URL: 'https://cep.interno.exemplo/{cep}.json' }).addressLookupUrl,
    ).toBe('https://cep.interno.exemplo/{cep}.json');
  });

  it('refuses a template without {cep} or that is not a URL, in Portuguese', () => {
    expect(() => loadConfig({ ADDRESS_LOOKUP_URL: 'https://viacep.com.br/ws/json/' })).toThrow(
      /ADDRESS_LOOKUP_URL deve conter \{cep\}/,
    );
    expect(() => loadConfig({ ADDRESS_LOOKUP_URL: 'viacep/{cep}' })).toThrow(
      /ADDRESS_LOOKUP_URL deve ser uma URL completa/,
    );
  });
});

describe('CATALOG_CACHE_ENTRIES and CATALOG_CACHE_TTL_SECONDS', () => {
  it('keep 5000 answers for at most 300 s, none in tests, and refuse what is not a count', () => {
    expect(loadConfig({}).catalogCache).toEqual({
      entries: 5000,
      ttlSeconds: 300,
      maxBytes: 64 * 1024 ** 2,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).catalogCache.entries).toBe(0);
    expect(loadConfig({ CATALOG_CACHE_ENTRIES: '0' }).catalogCache.entries).toBe(0);
    expect(loadConfig({ CATALOG_CACHE_TTL_SECONDS: '30' }).catalogCache.ttlSeconds).toBe(30);
    expect(() => loadConfig({ CATALOG_CACHE_ENTRIES: 'muitas' })).toThrow(
      /CATALOG_CACHE_ENTRIES deve ser um número inteiro/,
    );
  });
});

describe('the caches in bytes (CATALOG_CACHE_MAX_BYTES, PAGE_CACHE_MAX_BYTES, GRAPHQL_DOCUMENT_CACHE_MAX_BYTES)', () => {
  it('default to 64, 32 and 32 MiB, read bytes or K, M, G, and refuse anything else', () => {
    const defaults = loadConfig({});
    expect(defaults.catalogCache.maxBytes).toBe(64 * 1024 ** 2);
    expect(defaults.pageCacheMaxBytes).toBe(32 * 1024 ** 2);
    expect(defaults.graphqlDocumentCacheMaxBytes).toBe(32 * 1024 ** 2);
    expect(loadConfig({ CATALOG_CACHE_MAX_BYTES: '1000000' }).catalogCache.maxBytes).toBe(1e6);
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '512K' }).pageCacheMaxBytes).toBe(512 * 1024);
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '16MiB' }).pageCacheMaxBytes).toBe(16 * 1024 ** 2);
    expect(
      loadConfig({ GRAPHQL_DOCUMENT_CACHE_MAX_BYTES: '1g' }).graphqlDocumentCacheMaxBytes,
    ).toBe(1024 ** 3);
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '0' }).pageCacheMaxBytes).toBe(0);
    for (const value of ['64 megas', '-1', '1.5M', '64T']) {
      expect(() => loadConfig({ CATALOG_CACHE_MAX_BYTES: value })).toThrow(
        /CATALOG_CACHE_MAX_BYTES deve ser um tamanho em bytes/,
      );
    }
  });
});

describe('password hashing limits', () => {
  it('hash on every core with 8 waiting; 10 login checks a minute, 100 an hour, 1 at once per client; no bounds in tests', () => {
    expect(loadConfig({}).passwordHashing).toEqual({
      concurrency: os.availableParallelism(),
      queue: 8,
      loginPerClientPerMinute: 10,
      loginPerClientPerHour: 100,
      loginInFlightPerClient: 1,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing).toMatchObject({
      queue: 0,
      loginPerClientPerMinute: 0,
      loginPerClientPerHour: 0,
      loginInFlightPerClient: 0,
    });
    expect(
      loadConfig({
        PASSWORD_HASH_CONCURRENCY: '3',
        PASSWORD_HASH_QUEUE: '20',
        LOGIN_HASHES_PER_CLIENT_PER_MINUTE: '4',
        LOGIN_HASHES_PER_CLIENT_PER_HOUR: '0',
        LOGIN_HASHES_IN_FLIGHT_PER_CLIENT: '2',
      }).passwordHashing,
    ).toEqual({
      concurrency: 3,
      queue: 20,
      loginPerClientPerMinute: 4,
      loginPerClientPerHour: 0,
      loginInFlightPerClient: 2,
    });
  });

  it('refuses what is not a count, and no hashing at all, in Portuguese', () => {
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: 'muitos' })).toThrow(
      /PASSWORD_HASH_QUEUE deve ser um número inteiro/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(
      'PASSWORD_HASH_CONCURRENCY deve ser ao menos 1 (recebido: 0).',
    );
  });
});

describe('GRAPHQL_USE_GET', () => {
  it('is off by default and read as a flag', () => {
    expect(loadConfig({}).graphqlUseGet).toBe(false);
    expect(loadConfig({ GRAPHQL_USE_GET: 'true' }).graphqlUseGet).toBe(true);
    expect(loadConfig({ GRAPHQL_USE_GET: 'false' }).graphqlUseGet).toBe(false);
    expect(() => loadConfig({ GRAPHQL_USE_GET: 'talvez' })).toThrow(
      'GRAPHQL_USE_GET deve ser true ou false (recebido: talvez).',
    );
  });
});

describe('loadConfig PUBLIC_URL', () => {
  it('defaults to this machine on the port the server listens on', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('keeps an explicit PUBLIC_URL, without its trailing slash, whatever the port', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://loja.exemplo.com.br/' }).publicUrl).toBe(
      'https://loja.exemplo.com.br',
    );
  });
});

describe('S3_* (media on an S3-compatible store)', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXEMPLO', S3_SECRET_ACCESS_KEY: 'segredo-do-bucket' };

  it('keeps the media on the local disk without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it("defaults to AWS's endpoint of the region, us-east-1, host-style bucket names, no prefix", () => {
    expect(loadConfig({ S3_BUCKET: 'vitrine-midia', ...keys }).s3).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'vitrine-midia',
      accessKeyId: 'AKIAEXEMPLO',
      secretAccessKey: 'segredo-do-bucket',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ S3_BUCKET: 'b1', S3_REGION: 'sa-east-1', ...keys }).s3?.endpoint).toBe(
      'https://s3.sa-east-1.amazonaws.com',
    );
  });

  it('takes an endpoint of its own (path style by default there) and a prefix', () => {
    const s3 = loadConfig({
      S3_BUCKET: 'midia',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_PREFIX: '/loja-1/imagens/',
      ...keys,
    }).s3;
    expect(s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'loja-1/imagens/',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'midia',
        S3_ENDPOINT: 'https://conta.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'false',
        ...keys,
      }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses to start without the key and the secret, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'midia' })).toThrow(
      'S3_BUCKET está definida, mas faltam S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: as credenciais de acesso ao bucket.',
    );
    expect(() => loadConfig({ S3_BUCKET: 'midia', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'S3_BUCKET está definida, mas falta S3_SECRET_ACCESS_KEY: as credenciais de acesso ao bucket.',
    );
  });

  it('refuses S3_* variables without S3_BUCKET rather than keep the media on one disk', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(
      /^S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY estão definidas, mas S3_BUCKET não/,
    );
  });

  it('refuses bad values in Portuguese, never echoing the secret', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT deve ser uma URL http\(s\) sem credenciais/],
      [{ S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT deve ser uma URL/],
      [{ S3_ENDPOINT: 'http://chave:segredo@minio:9000' }, /S3_ENDPOINT deve ser uma URL/],
      [{ S3_REGION: 'São Paulo' }, /S3_REGION deve ser uma região, como sa-east-1/],
      [{ S3_PREFIX: 'loja/../outra' }, /S3_PREFIX deve ser um caminho simples/],
      [{ S3_PREFIX: 'loja//midia' }, /S3_PREFIX deve ser um caminho simples/],
      [{ S3_FORCE_PATH_STYLE: 'talvez' }, /S3_FORCE_PATH_STYLE deve ser true ou false/],
      [{ S3_BUCKET: 'meu bucket' }, /S3_BUCKET deve ser o nome de um bucket/],
    ];
    for (const [env, message] of bad) {
      let error: unknown = null;
      try {
        loadConfig({ S3_BUCKET: 'midia', ...keys, ...env });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('segredo');
    }
  });
});

describe('the per-client bounds and the renders in flight', () => {
  it('bound an address to 2 requests in flight, 8 waiting 2 s and 2,000 ms of server time per 10 s; off in tests', () => {
    expect(loadConfig({}).clientLimits).toEqual({
      inFlight: 2,
      queued: 8,
      queueWaitMs: 2_000,
      timeBudgetMs: 2_000,
      timeWindowSeconds: 10,
    });
    const inTests = loadConfig({ NODE_ENV: 'test' }).clientLimits;
    expect(inTests.inFlight).toBe(0);
    expect(inTests.timeBudgetMs).toBe(0);
    expect(
      loadConfig({
        CLIENT_REQUESTS_IN_FLIGHT: '6',
        CLIENT_REQUESTS_QUEUED: '0',
        CLIENT_QUEUE_WAIT_MS: '500',
        CLIENT_TIME_BUDGET_MS: '5000',
        CLIENT_TIME_WINDOW_SECONDS: '30',
      }).clientLimits,
    ).toEqual({
      inFlight: 6,
      queued: 0,
      queueWaitMs: 500,
      timeBudgetMs: 5_000,
      timeWindowSeconds: 30,
    });
  });

  it('bound the server renders to 8 in flight with a 3 s time-out', () => {
    const config = loadConfig({});
    expect(config.serverRendersInFlight).toBe(8);
    expect(config.serverRenderTimeoutMs).toBe(3_000);
    expect(loadConfig({ SERVER_RENDERS_IN_FLIGHT: '0' }).serverRendersInFlight).toBe(0);
  });

  it('refuses what is not a count, and a budget without a window, in Portuguese', () => {
    expect(() => loadConfig({ CLIENT_REQUESTS_IN_FLIGHT: 'quatro' })).toThrow(
      /CLIENT_REQUESTS_IN_FLIGHT deve ser um número inteiro \(recebido: quatro\)/,
    );
    expect(() => loadConfig({ CLIENT_TIME_BUDGET_MS: '-1' })).toThrow(
      /CLIENT_TIME_BUDGET_MS deve ser um número inteiro/,
    );
    expect(() => loadConfig({ SERVER_RENDERS_IN_FLIGHT: '2.5' })).toThrow(
      /SERVER_RENDERS_IN_FLIGHT deve ser um número inteiro/,
    );
    expect(() => loadConfig({ CLIENT_TIME_WINDOW_SECONDS: '0' })).toThrow(
      /CLIENT_TIME_WINDOW_SECONDS deve ser maior que zero/,
    );
    // Without a budget the window does not matter.
    expect(
      loadConfig({ CLIENT_TIME_BUDGET_MS: '0', CLIENT_TIME_WINDOW_SECONDS: '0' }).clientLimits
        .timeBudgetMs,
    ).toBe(0);
  });
});
