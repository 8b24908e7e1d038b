import { describe, expect, it } from 'vitest';

import {
  checkRules,
  checkReturnCodeInput,
  checkReturnLines,
  checkReturnRejectionReason,
  describeReturnRefund,
  isWithinReturnWindow,
  linesPaidCents,
  RETURN_MESSAGES,
  returnRefund,
  returnRequestSchema,
  returnWindowClosedMessage,
  returnWindowEndsAt,
  type ReturnOrderLine,
} from './index';

describe('returnWindowEndsAt', () => {
  it('ends at the last instant of the 7th day after delivery, in São Paulo', () => {
    // 10/01 at 15:40 in São Paulo (18:40 UTC): until 17/01 23:59:59.999 there (18/01 02:59 UTC).
    const delivered = new Date('2026-01-10T18:40:00Z');
    expect(returnWindowEndsAt(delivered).toISOString()).toBe('2026-01-18T02:59:59.999Z');
  });

  it('counts the São Paulo day of delivery, not the UTC one', () => {
    // 10/01 at 23:30 in São Paulo is already 11/01 in UTC: still delivered on the 10th.
    const lateEvening = new Date('2026-01-11T02:30:00Z');
    expect(returnWindowEndsAt(lateEvening).toISOString()).toBe('2026-01-18T02:59:59.999Z');
  });

  it('crosses a month and a year end', () => {
    expect(returnWindowEndsAt(new Date('2025-12-28T12:00:00Z')).toISOString()).toBe(
      '2026-01-05T02:59:59.999Z',
    );
  });

  it('accepts day 7 to its last minute and refuses day 8', () => {
    const delivered = new Date('2026-01-10T12:00:00Z');
    expect(isWithinReturnWindow(delivered, new Date('2026-01-10T13:00:00Z'))).toBe(true);
    // 17/01 at 23:59 in São Paulo.
    expect(isWithinReturnWindow(delivered, new Date('2026-01-18T02:59:00Z'))).toBe(true);
    // 18/01 at 00:00 in São Paulo.
    expect(isWithinReturnWindow(delivered, new Date('2026-01-18T03:00:00Z'))).toBe(false);
  });

  it('says when the window closed and where the exchange policy is', () => {
    const message = returnWindowClosedMessage(
      returnWindowEndsAt(new Date('2026-01-10T12:00:00Z')),
      'https://loja.example/trocas-e-devolucoes',
    );
    expect(message).toContain('terminou em 17/01/2026');
    expect(message).toContain('política de trocas da loja');
    expect(message).toContain('(https://loja.example/trocas-e-devolucoes)');
  });
});

const lines: ReturnOrderLine[] = [
  // 2 × R$ 50,00 with R$ 10,00 of coupon; 1 × R$ 30,00.
  { id: 'shirt', quantity: 2, lineTotalCents: 10000, discountCents: 1000 },
  { id: 'cap', quantity: 1, lineTotalCents: 3000, discountCents: 0 },
];
// 130,00 − 10,00 coupon − 6,00 Pix + 15,00 shipping.
const order = { totalCents: 12900, shippingCents: 1500, refundedCents: 0 };

describe('linesPaidCents', () => {
  it('shares the goods paid (coupon, Pix discount) among the lines by what each cost', () => {
    // 114,00 of goods over 90,00 and 30,00: 85,50 and 28,50.
    expect(linesPaidCents(order, lines)).toEqual([8550, 2850]);
  });

  it('adds up to the goods paid to the centavo', () => {
    const odd = [
      { id: 'a', quantity: 3, lineTotalCents: 3333, discountCents: 0 },
      { id: 'b', quantity: 1, lineTotalCents: 6667, discountCents: 0 },
    ];
    const shares = linesPaidCents({ totalCents: 9901, shippingCents: 0 }, odd);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9901);
  });
});

describe('returnRefund', () => {
  it('refunds the returned units at what they were paid, without the shipping', () => {
    const refund = returnRefund(order, lines, { shirt: 1 });
    expect(refund.lines).toEqual([{ lineId: 'shirt', quantity: 1, refundCents: 4275 }]);
    expect(refund).toMatchObject({ shippingCents: 0, totalCents: 4275, wholeOrder: false });
  });

  it('refunds the whole order with its shipping: everything paid', () => {
    const refund = returnRefund(order, lines, { shirt: 2, cap: 1 });
    expect(refund).toMatchObject({ goodsCents: 11400, shippingCents: 1500, totalCents: 12900 });
    expect(refund.wholeOrder).toBe(true);
  });

  it('gives the shipping back with the return that brings the last unit', () => {
    const first = returnRefund(order, lines, { shirt: 1 });
    const second = returnRefund(
      { ...order, refundedCents: first.totalCents },
      lines,
      { shirt: 1, cap: 1 },
      { shirt: 1 },
    );
    expect(second.wholeOrder).toBe(true);
    expect(second.shippingCents).toBe(1500);
    expect(first.totalCents + second.totalCents).toBe(order.totalCents);
  });

  it('gives a line back to the centavo across returns of odd shares', () => {
    const three = [{ id: 'a', quantity: 3, lineTotalCents: 1000, discountCents: 0 }];
    const money = { totalCents: 1000, shippingCents: 0 };
    const one = returnRefund(money, three, { a: 1 });
    const two = returnRefund(money, three, { a: 1 }, { a: 1 });
    const last = returnRefund(money, three, { a: 1 }, { a: 2 });
    expect([one.totalCents, two.totalCents, last.totalCents]).toEqual([333, 333, 334]);
  });

  it('never refunds more than is left on the order (a refund by hand counts)', () => {
    const refund = returnRefund({ ...order, refundedCents: 12000 }, lines, { shirt: 2, cap: 1 });
    expect(refund.totalCents).toBe(900);
  });

  it('counts the card plan’s interest in what goes back', () => {
    // 130,00 of goods + 15,00 shipping + 8,70 interest.
    const card = { totalCents: 15370, shippingCents: 1500 };
    const plain = [{ id: 'x', quantity: 1, lineTotalCents: 13000, discountCents: 0 }];
    expect(returnRefund(card, plain, { x: 1 }).totalCents).toBe(15370);
  });

  it('is said with the shipping when it includes it', () => {
    expect(describeReturnRefund({ totalCents: 12900, shippingCents: 1500 })).toMatch(
      /^R\$\s129,00 \(frete incluído\)$/,
    );
    expect(describeReturnRefund({ totalCents: 4275, shippingCents: 0 })).toMatch(/^R\$\s42,75$/);
  });
});

describe('checkReturnLines', () => {
  const returnable = [
    { id: 'shirt', quantity: 2, returned: 1 },
    { id: 'cap', quantity: 1, returned: 0 },
  ];

  it('takes the whole order (what is left) when no line is named', () => {
    expect(checkReturnLines(returnable, [])).toEqual({
      ok: true,
      returning: { shirt: 1, cap: 1 },
    });
  });

  it('refuses more units than bought less those already asked back', () => {
    expect(checkReturnLines(returnable, [{ lineId: 'shirt', quantity: 2 }])).toEqual({
      ok: false,
      field: 'lines.0.quantity',
      message: 'Você pode devolver no máximo 1 unidade deste produto.',
    });
  });

  it('refuses a line of another order and a line named twice', () => {
    expect(checkReturnLines(returnable, [{ lineId: 'other', quantity: 1 }])).toMatchObject({
      ok: false,
      field: 'lines.0.lineId',
      message: RETURN_MESSAGES.unknownLine,
    });
    expect(
      checkReturnLines(returnable, [
        { lineId: 'cap', quantity: 1 },
        { lineId: 'cap', quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, field: 'lines.1.lineId', message: RETURN_MESSAGES.repeatedLine });
  });

  it('says when everything is back already', () => {
    expect(
      checkReturnLines(
        returnable.map((line) => ({ ...line, returned: line.quantity })),
        [],
      ),
    ).toMatchObject({ ok: false, field: 'lines', message: RETURN_MESSAGES.nothingLeft });
  });
});

describe('returnRequestSchema', () => {
  it('needs a reason, of bounded length', () => {
    expect(checkRules(returnRequestSchema, { reason: '   ' })).toEqual({
      ok: false,
      issue: { field: 'reason', message: RETURN_MESSAGES.reasonRequired },
    });
    expect(checkRules(returnRequestSchema, { reason: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      issue: { field: 'reason', message: RETURN_MESSAGES.reasonTooLong },
    });
  });

  it('takes whole units only, and no lines as the whole order', () => {
    expect(
      checkRules(returnRequestSchema, {
        reason: 'Não serviu',
        lines: [{ lineId: 'a', quantity: 0 }],
      }),
    ).toMatchObject({ ok: false, issue: { field: 'lines.0.quantity' } });
    expect(checkRules(returnRequestSchema, { reason: ' Não serviu ' })).toEqual({
      ok: true,
      value: { reason: 'Não serviu', lines: [] },
    });
  });
});

describe('checkReturnCodeInput', () => {
  it('drops the spaces of a code and puts it in capitals; a blank note is none', () => {
    expect(checkReturnCodeInput({ authorizationCode: ' ab 123.456-785 br ', note: '  ' })).toEqual({
      ok: true,
      value: { authorizationCode: 'AB123.456-785BR', note: null },
    });
    expect(checkReturnCodeInput({ authorizationCode: 'AB1' })).toEqual({
      ok: true,
      value: { authorizationCode: 'AB1', note: null },
    });
  });

  it('refuses a code of 2 characters, a slash or a leading dot, before the note', () => {
    for (const code of ['AB', 'AB/123', '.AB123', 'A'.repeat(41), 42]) {
      expect(checkReturnCodeInput({ authorizationCode: code, note: 'a'.repeat(1001) })).toEqual({
        ok: false,
        field: 'authorizationCode',
        message: 'Código de postagem inválido: use de 3 a 40 letras, números, ponto ou hífen.',
      });
    }
  });

  it('keeps a note trimmed, up to 1000 characters', () => {
    const taken = checkReturnCodeInput({
      authorizationCode: 'AB123',
      note: ` ${'a'.repeat(1000)} `,
    });
    expect(taken).toEqual({
      ok: true,
      value: { authorizationCode: 'AB123', note: 'a'.repeat(1000) },
    });
    expect(checkReturnCodeInput({ authorizationCode: 'AB123', note: 'a'.repeat(1001) })).toEqual({
      ok: false,
      field: 'note',
      message: 'O texto pode ter no máximo 1000 caracteres.',
    });
  });
});

describe('checkReturnRejectionReason', () => {
  it('takes a reason trimmed, up to 500 characters', () => {
    expect(checkReturnRejectionReason('  Produto usado ')).toEqual({
      ok: true,
      value: 'Produto usado',
    });
    expect(checkReturnRejectionReason('a'.repeat(500))).toMatchObject({ ok: true });
  });

  it('refuses a blank reason, a missing one and one of 501 characters', () => {
    const blank = { ok: false, field: 'reason', message: 'Informe o motivo da recusa.' };
    expect(checkReturnRejectionReason('   ')).toEqual(blank);
    expect(checkReturnRejectionReason(null)).toEqual(blank);
    expect(checkReturnRejectionReason('a'.repeat(501))).toEqual({
      ok: false,
      field: 'reason',
      message: 'O texto pode ter no máximo 500 caracteres.',
    });
  });
});
