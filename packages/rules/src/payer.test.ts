// The payer's name as each bank writes it in a received Pix's line, and when it agrees with the
// customer's name of an order.
import { describe, expect, it } from 'vitest';
import { namesAgree, payerNameIn } from './payer';

describe('payerNameIn', () => {
  it.each([
    [
      'Transferência recebida pelo Pix - MARIA JOSÉ DA CONCEIÇÃO - •••.456.789-•• - BCO DO BRASIL S.A. (0001) Agência: 1234 Conta: 56789-0',
      'MARIA JOSÉ DA CONCEIÇÃO',
    ],
    ['TRANSFERENCIA PIX · REM: MARIA JOSÉ DA CONC 05/11', 'MARIA JOSÉ DA CONC'],
    ['PIX TRANSF  MARIA J05/11', 'MARIA J'],
    ['Pix recebido · Cp :00000000-MARIA JOSÉ DA CONCEIÇÃO', 'MARIA JOSÉ DA CONCEIÇÃO'],
    ['Pix recebido de Ana Sá', 'Ana Sá'],
    ['CRED PIX · MARIA JOSÉ DA CONCEIÇ', 'MARIA JOSÉ DA CONCEIÇ'],
  ])('%s -> %s', (description, name) => {
    expect(payerNameIn(description)).toBe(name);
  });

  it.each([
    'TED Recebida 237 0123 ACME COMERCIO LTDA',
    'Pix recebido',
    'PIX RECEBIDO VT10023',
    'Pix - Recebido · Nu Pagamentos S.A.',
    'DEP DINHEIRO AG 1234',
  ])('names nobody in %s', (description) => {
    expect(payerNameIn(description)).toBeNull();
  });
});

describe('namesAgree', () => {
  it.each([
    ['MARIA JOSÉ DA CONCEIÇÃO', 'Maria José da Conceição', true],
    ['MARIA JOSE DA C', 'Maria José da Conceição', true],
    ['MARIA J', 'Maria José da Conceição', true],
    ['MARIA SOUZA', 'Maria José da Conceição', false],
    ['JOSE MARIA', 'Maria José da Conceição', false],
    ['MARIA', 'Maria José da Conceição', false],
    [null, 'Maria José da Conceição', false],
  ] as const)('%s and %s: %s', (payer, customer, agree) => {
    expect(namesAgree(payer, customer)).toBe(agree);
  });
});
