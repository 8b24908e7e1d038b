import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './config';

function docWithMeta(content: string | null): Pick<Document, 'querySelector'> {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'vitrine-config';
    meta.content = content;
    doc.head.appendChild(meta);
  }
  return doc;
}

describe('readRuntimeConfig', () => {
  it('defaults to the same origin, no analytics and POST for GraphQL', () => {
    expect(readRuntimeConfig(docWithMeta(null), {})).toEqual({
      apiHost: '',
      analyticsMeasurementId: '',
      graphqlUseGet: false,
    });
  });

  it('reads the API host and the analytics id the server put in the page', () => {
    const config = readRuntimeConfig(
      docWithMeta('{"apiHost":"https://api.loja.com.br/","analyticsMeasurementId":"G-ABC123"}'),
      { VITE_API_HOST: 'http://ignored' },
    );
    expect(config.apiHost).toBe('https://api.loja.com.br');
    expect(config.analyticsMeasurementId).toBe('G-ABC123');
  });

  it('falls back to build-time values when the meta tag holds broken JSON', () => {
    const config = readRuntimeConfig(docWithMeta('{not json'), {
      VITE_API_HOST: 'http://localhost:3000',
      VITE_GRAPHQL_USE_GET: 'true',
    });
    expect(config.apiHost).toBe('http://localhost:3000');
    expect(config.graphqlUseGet).toBe(true);
  });
});
