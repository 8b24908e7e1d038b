import { describe, expect, it } from 'vitest';
import {
  checkPickupPoint,
  pickupAddressLines,
  pickupAddressText,
  pickupPointErrors,
  pickupPointView,
  pickupWhatToBring,
} from './pickup';

const POINT = {
  street: ' Rua Augusta ',
  number: '1500',
  complement: 'Loja 3',
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'sp',
  postalCode: '01304-001',
  hours: 'Seg. a sex., 10h às 20h\r\nSáb., 10h às 18h',
  instructions: '  Balcão de retiradas no térreo.  ',
};

describe('checkPickupPoint', () => {
  it('cleans a complete point: UF upper-cased, CEP as digits, line breaks of the hours kept', () => {
    expect(checkPickupPoint(POINT)).toEqual({
      ok: true,
      point: {
        street: 'Rua Augusta',
        number: '1500',
        complement: 'Loja 3',
        district: 'Consolação',
        city: 'São Paulo',
        uf: 'SP',
        postalCode: '01304001',
        hours: 'Seg. a sex., 10h às 20h\nSáb., 10h às 18h',
        instructions: 'Balcão de retiradas no térreo.',
      },
    });
  });

  it('takes a blank complement and instructions as none', () => {
    const checked = checkPickupPoint({ ...POINT, complement: '  ', instructions: '' });
    expect(checked).toMatchObject({ ok: true, point: { complement: null, instructions: null } });
  });

  it.each([
    ['street', '', 'Informe a rua do ponto de retirada.'],
    ['number', ' ', 'Informe o número do ponto de retirada (ou s/n).'],
    ['district', '', 'Informe o bairro do ponto de retirada.'],
    ['city', '', 'Informe a cidade do ponto de retirada.'],
    ['uf', 'XX', 'UF inválida: use a sigla de um dos 27 estados, como SP.'],
    ['postalCode', '', 'Informe o CEP do ponto de retirada.'],
    ['postalCode', '0130-4001', 'CEP inválido: use 8 dígitos, como 01310-100.'],
    [
      'hours',
      '',
      'Informe o horário de funcionamento da retirada, como "Seg. a sex., 10h às 19h".',
    ],
    ['street', 'a'.repeat(201), 'A rua pode ter no máximo 200 caracteres.'],
    ['street', 'Rua\nAugusta', 'A rua tem caracteres inválidos.'],
    ['instructions', 'x\u0000', 'O texto das instruções tem caracteres inválidos.'],
    ['instructions', 'a'.repeat(501), 'O texto das instruções pode ter no máximo 500 caracteres.'],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(checkPickupPoint({ ...POINT, [field]: value })).toEqual({ ok: false, field, message });
  });

  it('names the first missing field of an empty input', () => {
    expect(checkPickupPoint(null)).toMatchObject({ ok: false, field: 'street' });
  });

  it('lists every field in error at once, for a form', () => {
    expect(pickupPointErrors({ ...POINT, street: '', uf: 'XX', hours: '  ' })).toEqual({
      street: 'Informe a rua do ponto de retirada.',
      uf: 'UF inválida: use a sigla de um dos 27 estados, como SP.',
      hours: 'Informe o horário de funcionamento da retirada, como "Seg. a sex., 10h às 19h".',
    });
    expect(pickupPointErrors(POINT)).toEqual({});
  });
});

describe('the pickup point for the shopper', () => {
  const checked = checkPickupPoint(POINT);
  if (!checked.ok) throw new Error('fixture');

  it('is written as address lines and as one line', () => {
    expect(pickupAddressLines(checked.point)).toEqual([
      'Rua Augusta, 1500 – Loja 3',
      'Consolação – São Paulo/SP',
      'CEP 01304-001',
    ]);
    expect(pickupAddressText(checked.point)).toBe(
      'Rua Augusta, 1500 – Loja 3, Consolação – São Paulo/SP, CEP 01304-001',
    );
  });

  it('says what to bring, with the order number when there is one', () => {
    expect(pickupWhatToBring('VT-10001')).toBe(
      'Leve um documento oficial com foto e o número do pedido (VT-10001).',
    );
    expect(pickupWhatToBring()).toBe('Leve um documento oficial com foto e o número do pedido.');
  });

  it('shows an old one-line snapshot as its only line, without hours', () => {
    expect(pickupPointView({ address: 'Rua Augusta, 1500 - São Paulo/SP' }, 'VT-1')).toEqual({
      addressLines: ['Rua Augusta, 1500 - São Paulo/SP'],
      address: 'Rua Augusta, 1500 - São Paulo/SP',
      hours: null,
      instructions: null,
      whatToBring: 'Leve um documento oficial com foto e o número do pedido (VT-1).',
    });
  });
});
