import { describe, expect, it } from 'vitest';

import {
  checkSavedViewInput,
  checkSavedViewName,
  checkSavedViewQuery,
  SAVED_VIEW_MESSAGES as M,
  savedViewStoreRefusal,
} from './views.input';

const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('a saved view', () => {
  it('reads the name with its spaces folded, 1 to 60 characters', () => {
    expect(checkSavedViewName('  Pagos   hoje ')).toEqual({ ok: true, value: 'Pagos hoje' });
    expect(issueOf(checkSavedViewName(' \t '))).toEqual({ field: 'name', message: M.nameEmpty });
    expect(checkSavedViewName('v'.repeat(60)).ok).toBe(true);
    expect(issueOf(checkSavedViewName('v'.repeat(61)))).toEqual({
      field: 'name',
      message: 'O nome pode ter no máximo 60 caracteres.',
    });
  });

  it("reads the query without its '?', refusing fragments, spaces, controls and broken escapes", () => {
    expect(checkSavedViewQuery(' ?status=PAID&busca=ana+souza&x=%C3%A9 ')).toEqual({
      ok: true,
      value: 'status=PAID&busca=ana+souza&x=%C3%A9',
    });
    for (const bad of ['a=1#b', 'a=b c', 'a=\u0007', 'a=%E0%A4%A', 'a=%zz']) {
      expect(issueOf(checkSavedViewQuery(bad)), bad).toEqual({ field: 'query', message: M.query });
    }
    expect(issueOf(checkSavedViewQuery('q='.padEnd(2001, 'x')))).toEqual({
      field: 'query',
      message: 'Os filtros podem ter no máximo 2000 caracteres.',
    });
  });

  it('checks the screen, then the name, then the query', () => {
    expect(issueOf(checkSavedViewInput({ screen: 'CUSTOMERS', name: '', query: '#' }))).toEqual({
      field: 'screen',
      message: 'Tela inválida.',
    });
    expect(issueOf(checkSavedViewInput({ screen: 'ORDERS', name: '', query: '#' }))).toMatchObject({
      field: 'name',
    });
    expect(checkSavedViewInput({ screen: 'PRODUCTS', name: 'A', query: '' })).toEqual({
      ok: true,
      value: { screen: 'PRODUCTS', name: 'A', query: '' },
    });
  });

  it("answers for the store: a name taken first, then a screen's 50 views", () => {
    expect(savedViewStoreRefusal(true, 50)).toEqual({ field: 'name', message: M.nameTaken });
    expect(savedViewStoreRefusal(false, 50)).toEqual({
      field: 'name',
      message: 'Você já tem 50 visões salvas nesta tela: apague uma para salvar outra.',
    });
    expect(savedViewStoreRefusal(false, 49)).toBeNull();
  });
});
