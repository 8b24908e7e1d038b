// The list codec: a URL read into the state and written back (defaults left out, fields in their
// declared order), malformed values ignored, and saved views' queries without the page and scope.
import { describe, expect, it } from 'vitest';

import { defineListCodec, listParam, pageVariables, savedViewQueries } from './listCodec';

type Color = 'RED' | 'BLUE';
type Sort = 'NEW' | 'OLD';

interface ProbeState {
  search: string;
  color: Color | null;
  kind: 'SALE' | 'RETURN' | null;
  urgent: boolean;
  brandId: string | null;
  from: string | null;
  minCents: number | null;
  sort: Sort;
  page: number;
  pageSize: number;
}

const codec = defineListCodec<ProbeState>({
  search: listParam.text('q', 10),
  color: listParam.oneOf('cor', { RED: 'Vermelho', BLUE: 'Azul' }),
  kind: listParam.worded('tipo', { SALE: 'vendas', RETURN: 'devolucoes' }),
  urgent: listParam.flag('urgente'),
  brandId: listParam.id('marca'),
  from: listParam.day('de'),
  minCents: listParam.cents('min'),
  sort: listParam.sort('ordem', { NEW: 'Novos', OLD: 'Antigos' }, 'NEW'),
  page: listParam.page(50),
  pageSize: listParam.pageSize([20, 50], 20),
});

describe('defineListCodec', () => {
  it('reads every field of a URL and writes the same URL back, in the declared order', () => {
    const query =
      'q=camiseta&cor=BLUE&tipo=devolucoes&urgente=1&marca=brand-1&de=2026-02-28&min=4990&ordem=OLD&pagina=3&por=50';
    const state = codec.parse(new URLSearchParams(query));
    expect(state).toEqual({
      search: 'camiseta',
      color: 'BLUE',
      kind: 'RETURN',
      urgent: true,
      brandId: 'brand-1',
      from: '2026-02-28',
      minCents: 4990,
      sort: 'OLD',
      page: 2,
      pageSize: 50,
    });
    expect(codec.write(state).toString()).toBe(query);
  });

  it('leaves defaults out, so the plain list has a plain URL', () => {
    expect(codec.empty).toEqual({
      search: '',
      color: null,
      kind: null,
      urgent: false,
      brandId: null,
      from: null,
      minCents: null,
      sort: 'NEW',
      page: 0,
      pageSize: 20,
    });
    expect(codec.write(codec.empty).toString()).toBe('');
    expect(codec.write({ ...codec.empty, search: '  blusa ', page: 1 }).toString()).toBe(
      'q=blusa&pagina=2',
    );
  });

  it('ignores malformed or unknown values (the default applies) and cuts a long search', () => {
    const state = codec.parse(
      new URLSearchParams(
        'q=abcdefghijklmn&cor=GREEN&tipo=SALE&urgente=sim&marca=&de=2026-02-30&min=-5&ordem=X&pagina=51&por=30',
      ),
    );
    expect(state).toEqual({ ...codec.empty, search: 'abcdefghij' });
    expect(codec.parse(new URLSearchParams('pagina=1.5&min=1234567890')).page).toBe(0);
    expect(codec.parse(new URLSearchParams('min=1234567890')).minCents).toBeNull();
  });

  it("names each field's URL word", () => {
    expect(codec.params.search).toBe('q');
    expect(codec.params.page).toBe('pagina');
    expect(codec.params.pageSize).toBe('por');
  });
});

describe('pageVariables', () => {
  it('turns the page and its size into first and offset', () => {
    expect(pageVariables({ page: 3, pageSize: 25 })).toEqual({ first: 25, offset: 75 });
  });
});

describe('savedViewQueries', () => {
  const views = savedViewQueries(codec, ['brandId']);

  it('saves the query without the page and the scope', () => {
    const state = { ...codec.empty, color: 'RED' as const, brandId: 'brand-1', page: 4 };
    expect(views.query(state)).toBe('cor=RED');
  });

  it('opens a view on the first page, in the current scope, whatever the view says of them', () => {
    const current = { ...codec.empty, brandId: 'brand-2', page: 3, search: 'antigo' };
    expect(views.apply('cor=BLUE&marca=brand-9&pagina=7&ordem=OLD', current)).toEqual({
      ...codec.empty,
      color: 'BLUE',
      sort: 'OLD',
      brandId: 'brand-2',
    });
  });

  it('marks a view active when the list shows exactly what it describes, on any page', () => {
    const state = { ...codec.empty, color: 'BLUE' as const, brandId: 'brand-2', page: 2 };
    expect(views.isActive('cor=BLUE', state)).toBe(true);
    expect(views.isActive('cor=BLUE&ordem=OLD', state)).toBe(false);
    expect(views.isActive('cor=RED', state)).toBe(false);
  });
});
