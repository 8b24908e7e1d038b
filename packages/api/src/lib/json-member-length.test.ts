// The streaming length check of one JSON member: it agrees with JSON.parse(body).query.length
// however the body is cut into chunks, whatever the characters (multi-byte UTF-8, surrogate pairs,
// escapes) and wherever the member sits.
import { describe, expect, it } from 'vitest';
import { JsonMemberLengthScanner } from './json-member-length';

/** Whether the scanner finds "query" longer than `max`, feeding `body` in chunks of `size` bytes. */
function over(body: string, max: number, size: number): boolean {
  const bytes = Buffer.from(body, 'utf8');
  const scanner = new JsonMemberLengthScanner('query', max);
  for (let i = 0; i < bytes.length; i += size) {
    if (!scanner.push(bytes.subarray(i, i + size))) return true;
  }
  return scanner.over;
}

const QUERIES = [
  '{ storeSettings { storeName } }',
  'query Busca { products(filter: { search: "ação çedilha" }) { nodes { id } } }',
  '# emoji 😀 and 𝄞\n{ storeSettings { storeName } }',
  '{ a(s: "aspas \\" e barra \\\\ e \\n") }',
  'x'.repeat(300),
];

describe('JsonMemberLengthScanner', () => {
  it.each(QUERIES)('agrees with JSON.parse on %j, whatever the chunks', (query) => {
    const bodies = [
      JSON.stringify({ query, variables: { a: 1 } }),
      JSON.stringify({
        operationName: 'X',
        variables: { query: 'q'.repeat(400), n: [1, 2] },
        query,
      }),
      // Escapes JSON allows but JSON.stringify does not write: \u escapes and "\/".
      JSON.stringify({ query }).replace(/[çã😀]/gu, (c) =>
        c
          .split('') // UTF-16 units: an emoji is a surrogate pair, two \u escapes
          .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
          .join(''),
      ),
      ` \n{ "\\u0071uery" : ${JSON.stringify(query)} }`,
    ];
    for (const body of bodies) {
      const length = (JSON.parse(body) as { query: string }).query.length;
      expect(length).toBe(query.length);
      for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
        expect(over(body, length, size), `${body} in chunks of ${size}`).toBe(false);
        expect(over(body, length - 1, size), `${body} in chunks of ${size}`).toBe(true);
      }
    }
  });

  it('counts surrogate pairs as two units, like JavaScript', () => {
    const body = JSON.stringify({ query: '😀😀' }); // 4 UTF-16 units, 8 UTF-8 bytes
    expect(over(body, 4, 1)).toBe(false);
    expect(over(body, 3, 1)).toBe(true);
    expect(over('{"query":"\\ud83d\\ude00"}', 2, 1)).toBe(false);
    expect(over('{"query":"\\ud83d\\ude00"}', 1, 1)).toBe(true);
  });

  it('watches only the top-level member, not one of the same name inside variables', () => {
    const body = JSON.stringify({ variables: { query: 'v'.repeat(1000) }, query: '{ a }' });
    expect(over(body, 10, 5)).toBe(false);
    const nested = JSON.stringify([{ query: 'v'.repeat(1000) }]); // a batch: not an object
    expect(over(nested, 10, 5)).toBe(false);
  });

  it('finds a long document after megabytes of variables', () => {
    const body = JSON.stringify({
      variables: { file: 'b'.repeat(2_000_000) },
      query: 'q'.repeat(50),
    });
    expect(over(body, 50, 65_536)).toBe(false);
    expect(over(body, 49, 65_536)).toBe(true);
  });

  it('stops at the limit and stays stopped', () => {
    const scanner = new JsonMemberLengthScanner('query', 3);
    expect(scanner.push(Buffer.from('{"query":"ab'))).toBe(true);
    expect(scanner.push(Buffer.from('cd'))).toBe(false);
    expect(scanner.over).toBe(true);
    expect(scanner.push(Buffer.from('"}'))).toBe(false);
  });
});
