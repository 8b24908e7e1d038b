import { describe, expect, it } from 'vitest';
import { readServerState } from './serverState';

function script(text: string | null): Element {
  const element = document.createElement('script');
  element.type = 'application/json';
  if (text !== null) element.textContent = text;
  return element;
}

describe('readServerState', () => {
  it('reads the cache the server rendered the page with', () => {
    expect(readServerState(script('{"ROOT_QUERY":{"brands":[]}}'))).toEqual({
      ROOT_QUERY: { brands: [] },
    });
  });

  it('is null for a page the server did not render, or broken JSON (the page then renders here)', () => {
    expect(readServerState(null)).toBeNull();
    expect(readServerState(script(null))).toBeNull();
    expect(readServerState(script('{"ROOT_QUERY":'))).toBeNull();
  });
});
