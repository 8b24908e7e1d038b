import { describe, expect, it } from 'vitest';

import { parseBRL, parsePriceCents } from './money';

describe('money as people type it', () => {
  it('reads a pt-BR field strictly: a dot only groups thousands', () => {
    expect(parseBRL('R$ 1.299,9')).toBe(129990);
    expect(parseBRL('129')).toBe(12900);
    expect(parseBRL('129.90')).toBeNull();
  });

  it("reads a spreadsheet's cell in either convention, as the server's import and the mock's preview both do", () => {
    expect(parsePriceCents('1.299,90')).toBe(129990);
    expect(parsePriceCents('1,299.90')).toBe(129990);
    expect(parsePriceCents('129.90')).toBe(12990);
    expect(parsePriceCents('1.299')).toBe(129900);
    expect(parsePriceCents('12,3,4')).toBeNull();
  });
});
