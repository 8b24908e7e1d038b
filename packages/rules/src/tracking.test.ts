import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTrackingCode,
  correiosEventStatus,
  isShipmentProblem,
  SHIPMENT_STATUS_LABELS,
  CORREIOS_CHECK_DIGIT_MESSAGE,
  CORREIOS_SHAPE_MESSAGE,
  s10CheckDigit,
  TRACKING_CODE_GENERAL_MESSAGE,
  TRACKING_CODE_REQUIRED_MESSAGE,
} from './tracking';

describe('s10CheckDigit', () => {
  it('weighs the serial 8,6,4,2,3,5,9,7 and maps 10 to 0 and 11 to 5', () => {
    // 1*8 + 2*6 + 3*4 + 4*2 + 5*3 + 6*5 + 7*9 + 8*7 = 204; 204 % 11 = 6; 11 - 6 = 5.
    expect(s10CheckDigit('12345678')).toBe(5);
    // Sum 0: 11 - 0 = 11 -> 5.
    expect(s10CheckDigit('00000000')).toBe(5);
    // 7 * 1 = 7; 11 - 7 = 4.
    expect(s10CheckDigit('00000001')).toBe(4);
    // 7 * 8 = 56 ≡ 1; 11 - 1 = 10 -> 0.
    expect(s10CheckDigit('00000008')).toBe(0);
    expect(s10CheckDigit('47312482')).toBe(9);
  });

  it('always answers one digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const digit = s10CheckDigit(String(n).padStart(8, '0'));
        return Number.isInteger(digit) && digit >= 0 && digit <= 9;
      }),
    );
  });
});

describe('checkTrackingCode', () => {
  it('accepts a Correios code with the right check digit, normalised', () => {
    expect(checkTrackingCode('Correios PAC', 'AA123456785BR')).toEqual({
      ok: true,
      code: 'AA123456785BR',
    });
    expect(checkTrackingCode('SEDEX', ' aa 123 456 785 br ')).toEqual({
      ok: true,
      code: 'AA123456785BR',
    });
  });

  it('refuses the issue’s code: the check digit does not match', () => {
    expect(checkTrackingCode('Correios', 'QB123456780BR')).toEqual({
      ok: false,
      message: CORREIOS_CHECK_DIGIT_MESSAGE,
    });
    // Shaped like S10, so checked even under another carrier's name.
    expect(checkTrackingCode('Transportadora X', 'QB123456780BR')).toEqual({
      ok: false,
      message: CORREIOS_CHECK_DIGIT_MESSAGE,
    });
  });

  it('asks a Correios carrier for the S10 shape', () => {
    for (const code of ['123456785', 'AA12345678BR', 'AA1234567850BR', 'A1123456785BR']) {
      expect(checkTrackingCode('Mini Envios', code)).toEqual({
        ok: false,
        message: CORREIOS_SHAPE_MESSAGE,
      });
    }
    expect(checkTrackingCode('Carta registrada', 'AA123456785B')).toMatchObject({ ok: false });
  });

  it('keeps the general rule for other carriers', () => {
    expect(checkTrackingCode('Jadlog', 'jd-0001/22')).toEqual({ ok: true, code: 'JD-0001/22' });
    expect(checkTrackingCode('Loggi', '123456789012')).toEqual({ ok: true, code: '123456789012' });
    expect(checkTrackingCode('Loggi', 'ab')).toEqual({
      ok: false,
      message: TRACKING_CODE_GENERAL_MESSAGE,
    });
    expect(checkTrackingCode('Loggi', 'x'.repeat(41))).toMatchObject({ ok: false });
    expect(checkTrackingCode('Loggi', 'código!')).toMatchObject({ ok: false });
  });

  it('asks for a code when there is none', () => {
    expect(checkTrackingCode('Correios', '   ')).toEqual({
      ok: false,
      message: TRACKING_CODE_REQUIRED_MESSAGE,
    });
  });

  it('accepts every S10 code built with its check digit and refuses every other digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 1, max: 9 }),
        (n, shift) => {
          const serial = String(n).padStart(8, '0');
          const digit = s10CheckDigit(serial);
          const good = checkTrackingCode('Correios', `QB${serial}${digit}BR`);
          const bad = checkTrackingCode('Correios', `QB${serial}${(digit + shift) % 10}BR`);
          return good.ok && !bad.ok;
        },
      ),
    );
  });
});

describe('correiosEventStatus', () => {
  it('reads the SRO events a parcel goes through', () => {
    expect(correiosEventStatus('PO', '01', 'Objeto postado')).toBe('POSTED');
    expect(correiosEventStatus('RO', '01', 'Objeto em trânsito - por favor aguarde')).toBe(
      'IN_TRANSIT',
    );
    expect(correiosEventStatus('OEC', '01', 'Objeto saiu para entrega ao destinatário')).toBe(
      'OUT_FOR_DELIVERY',
    );
    expect(correiosEventStatus('BDE', '01', 'Objeto entregue ao destinatário')).toBe('DELIVERED');
  });

  it('tells a delivery that did not happen from a return to the sender', () => {
    expect(correiosEventStatus('BDE', '20', 'Carteiro não atendido')).toBe('DELIVERY_FAILED');
    expect(
      correiosEventStatus('LDI', '01', 'Objeto aguardando retirada no endereço indicado'),
    ).toBe('DELIVERY_FAILED');
    expect(correiosEventStatus('BDE', '23', 'Objeto devolvido ao remetente')).toBe('RETURNING');
    expect(correiosEventStatus('FC', '07', 'Objeto em devolução ao remetente')).toBe('RETURNING');
    expect(isShipmentProblem('RETURNING')).toBe(true);
    expect(isShipmentProblem('IN_TRANSIT')).toBe(false);
    expect(SHIPMENT_STATUS_LABELS.OUT_FOR_DELIVERY).toBe('Saiu para entrega');
  });
});
