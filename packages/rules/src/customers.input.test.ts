import { describe, expect, it } from 'vitest';

import {
  checkCustomerOrdersFirst,
  checkCustomerPage,
  checkCustomerSearch,
  CUSTOMER_INPUT_MESSAGES as M,
  customerAnonymizeRefusal,
} from './customers.input';

describe('the customers list', () => {
  it('reads a page: 25 from 0 by default, 1 to 100 rows, from 0 to 10.000, the size first', () => {
    expect(checkCustomerPage({})).toEqual({ ok: true, value: { first: 25, offset: 0 } });
    expect(checkCustomerPage({ first: 100, offset: 10_000 }).ok).toBe(true);
    expect(checkCustomerPage({ first: 0, offset: -1 })).toEqual({
      ok: false,
      issue: { field: 'first', message: 'Peça de 1 a 100 clientes por página.' },
    });
    expect(checkCustomerPage({ offset: 10_001 })).toEqual({
      ok: false,
      issue: { field: 'offset', message: 'O deslocamento vai de 0 a 10000.' },
    });
  });

  it('reads the search trimmed, its runs of spaces one space, at most 200', () => {
    expect(checkCustomerSearch('  Ana   Souza ')).toEqual({ ok: true, value: 'Ana Souza' });
    expect(checkCustomerSearch('   ')).toEqual({ ok: true, value: null });
    expect(checkCustomerSearch(`${'a'.repeat(100)}    ${'b'.repeat(99)}`).ok).toBe(true);
    expect(checkCustomerSearch('a'.repeat(201))).toEqual({
      ok: false,
      issue: { field: 'filter.search', message: M.search },
    });
  });

  it("takes 1 to 100 of a customer's orders, 20 by default", () => {
    expect(checkCustomerOrdersFirst(null)).toEqual({ ok: true, value: 20 });
    expect(checkCustomerOrdersFirst(101)).toEqual({
      ok: false,
      issue: { field: 'first', message: 'Peça de 1 a 100 pedidos.' },
    });
  });
});

describe('customerAnonymizeRefusal', () => {
  const customer = { anonymized: false, email: 'ana@vitrine.test' };

  it('takes the e-mail typed with spaces and capitals', () => {
    expect(customerAnonymizeRefusal(customer, '  ANA@Vitrine.test ')).toBeNull();
  });

  it('refuses another e-mail, and a customer already anonymised first', () => {
    expect(customerAnonymizeRefusal(customer, 'outra@vitrine.test')).toEqual({
      field: 'confirmation',
      message: M.confirmation,
    });
    expect(customerAnonymizeRefusal({ ...customer, anonymized: true }, 'x')).toEqual({
      field: 'id',
      message: 'Este cliente já foi anonimizado.',
    });
  });
});
