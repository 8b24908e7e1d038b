// Configuration defaults that must not depend on where the server was started from.
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
    expect(loadConfig({}).catalogCache).toEqual({ entries: 5000, ttlSeconds: 300 });
    expect(loadConfig({ NODE_ENV: 'test' }).catalogCache.entries).toBe(0);
    expect(loadConfig({ CATALOG_CACHE_ENTRIES: '0' }).catalogCache.entries).toBe(0);
    expect(loadConfig({ CATALOG_CACHE_TTL_SECONDS: '30' }).catalogCache.ttlSeconds).toBe(30);
    expect(() => loadConfig({ CATALOG_CACHE_ENTRIES: 'muitas' })).toThrow(
      /CATALOG_CACHE_ENTRIES deve ser um número inteiro/,
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
