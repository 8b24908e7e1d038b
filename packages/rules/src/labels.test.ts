import { describe, expect, it } from 'vitest';
import { labelBatchError, labelIneligibility, type LabelCandidate } from './labels';

const paid: LabelCandidate = {
  status: 'PAID',
  shippingMethodKind: 'delivery',
  shippingMethodName: 'PAC',
  carrier: 'correios',
  live: null,
};
const both = new Set(['correios', 'melhorenvio'] as const);

describe('labelIneligibility', () => {
  it('lets a paid delivery order of a configured carrier through', () => {
    expect(labelIneligibility(paid, both)).toBeNull();
    expect(labelIneligibility({ ...paid, shippingMethodKind: 'DELIVERY' }, () => true)).toBeNull();
  });

  it('names why the others cannot have one, the live label first', () => {
    expect(
      labelIneligibility(
        {
          ...paid,
          status: 'SHIPPED',
          live: { carrier: 'correios', trackingCode: 'AB123456785BR' },
        },
        both,
      ),
    ).toBe('Já tem etiqueta (Correios, AB123456785BR).');
    expect(labelIneligibility({ ...paid, shippingMethodKind: 'pickup' }, both)).toBe(
      'Retirada na loja: não precisa de etiqueta.',
    );
    expect(labelIneligibility({ ...paid, status: 'PENDING_PAYMENT' }, both)).toBe(
      'Aguardando pagamento: compre a etiqueta depois de pago.',
    );
    expect(labelIneligibility({ ...paid, status: 'DELIVERED' }, both)).toBe(
      'Só pedidos pagos e ainda não enviados recebem etiqueta.',
    );
    expect(
      labelIneligibility({ ...paid, carrier: null, shippingMethodName: 'Motoboy' }, both),
    ).toBe('O método de envio "Motoboy" não é de uma transportadora.');
    expect(
      labelIneligibility({ ...paid, carrier: 'melhorenvio' }, new Set(['correios'] as const)),
    ).toBe('Melhor Envio não está configurada neste servidor.');
  });
});

describe('labelBatchError', () => {
  it('asks for 1 to 100 orders, none twice (whatever the case)', () => {
    expect(labelBatchError(['a'])).toBeNull();
    expect(labelBatchError([])).toBe('Escolha ao menos um pedido.');
    expect(labelBatchError(Array.from({ length: 101 }, (_, i) => `${i}`))).toBe(
      'Compre no máximo 100 etiquetas de uma vez.',
    );
    expect(labelBatchError(['a', 'A'])).toBe('Um pedido aparece mais de uma vez na lista.');
  });
});
