import { describe, expect, it } from 'vitest';

import { checkMailOutboxInput, MAIL_INPUT_MESSAGES as M } from './mail.input';

const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('checkMailOutboxInput', () => {
  it('reads 25 mails from the first by default, every status, no words', () => {
    expect(checkMailOutboxInput({})).toEqual({
      ok: true,
      value: { first: 25, offset: 0, status: null, words: [] },
    });
  });

  it('takes 0 to 100 mails from 0 to 10.000, a status and the first 10 distinct words', () => {
    expect(
      checkMailOutboxInput({
        first: 100,
        offset: 10_000,
        filter: { status: 'NOT_CONFIGURED', search: ' a b a c d e f g h i j k ' },
      }),
    ).toEqual({
      ok: true,
      value: {
        first: 100,
        offset: 10_000,
        status: 'NOT_CONFIGURED',
        words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
      },
    });
    expect(checkMailOutboxInput({ first: 0 }).ok).toBe(true);
  });

  it('refuses a page out of bounds, before the offset', () => {
    for (const first of [-1, 101, 1.5]) {
      expect(issueOf(checkMailOutboxInput({ first, offset: -1 }))).toEqual({
        field: 'first',
        message: M.page,
      });
    }
    expect(M.page).toBe('Peça de 0 a 100 e-mails por vez.');
  });

  it('refuses an offset out of bounds', () => {
    for (const offset of [-1, 10_001, 0.5]) {
      expect(issueOf(checkMailOutboxInput({ offset }))).toEqual({
        field: 'offset',
        message: M.offset,
      });
    }
  });

  it('refuses an unknown status, before the search', () => {
    expect(
      issueOf(checkMailOutboxInput({ filter: { status: 'BOUNCED', search: 'x'.repeat(201) } })),
    ).toEqual({ field: 'filter.status', message: M.status });
  });

  it('takes a search of 200 characters, not 201 (spaces around not counted)', () => {
    expect(checkMailOutboxInput({ filter: { search: ` ${'x'.repeat(200)} ` } }).ok).toBe(true);
    expect(issueOf(checkMailOutboxInput({ filter: { search: 'x'.repeat(201) } }))).toEqual({
      field: 'filter.search',
      message: M.search,
    });
  });
});
