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
