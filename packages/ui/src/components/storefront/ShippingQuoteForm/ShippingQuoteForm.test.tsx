import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { deliveryHighlights, ShippingQuoteForm } from './ShippingQuoteForm';

describe('ShippingQuoteForm', { timeout: 20_000 }, () => {
  it('masks the CEP while typing and quotes it', async () => {
    const user = userEvent.setup();
    const onQuote = vi.fn();
    render(<ShippingQuoteForm onQuote={onQuote} />);
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01310100');
    expect(screen.getByRole('textbox', { name: 'CEP' })).toHaveValue('01310-100');
    await user.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(onQuote).toHaveBeenCalledWith('01310-100');
  });

  it('explains an incomplete CEP without calling the server', async () => {
    const user = userEvent.setup();
    const onQuote = vi.fn();
    render(<ShippingQuoteForm onQuote={onQuote} />);
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '0131{Enter}');
    expect(onQuote).not.toHaveBeenCalled();
    expect(screen.getByText('CEP inválido: use 8 dígitos, como 01310-100.')).toBeInTheDocument();
  });

  it('lists the options with days and "Grátis", and lets one be chosen', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <ShippingQuoteForm
        postalCode="01310100"
        onQuote={() => undefined}
        selectedMethodId="pac"
        onSelect={onSelect}
        options={[
          {
            methodId: 'pac',
            name: 'PAC',
            kind: 'DELIVERY',
            priceCents: 0,
            fullPriceCents: 2190,
            freeShipping: true,
            businessDays: 7,
          },
          {
            methodId: 'sedex',
            name: 'SEDEX',
            kind: 'DELIVERY',
            priceCents: 3990,
            fullPriceCents: 3990,
            freeShipping: false,
            businessDays: 1,
          },
        ]}
      />,
    );
    expect(
      screen.getByRole('radio', { name: /PAC.*Chega em até 7 dias úteis.*Grátis/ }),
    ).toBeChecked();
    // The cheapest and the fastest are named, the list staying in price order.
    expect(screen.getByRole('radio', { name: /PAC.*Mais econômico/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /SEDEX.*Mais rápido/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /SEDEX.*Chega em até 1 dia útil/ }));
    expect(onSelect).toHaveBeenCalledWith('sedex');
  });
});

describe('deliveryHighlights', () => {
  const option = (
    methodId: string,
    priceCents: number,
    businessDays: number,
    kind: 'DELIVERY' | 'PICKUP' = 'DELIVERY',
  ) => ({ methodId, priceCents, businessDays, kind });

  it('names the cheapest and the fastest delivery when they differ, never a pickup', () => {
    expect(
      deliveryHighlights([
        option('pac', 1990, 6),
        option('jadlog', 2490, 4),
        option('sedex', 3490, 2),
        option('loja', 0, 0, 'PICKUP'),
      ]),
    ).toEqual(
      new Map([
        ['pac', 'Mais econômico'],
        ['sedex', 'Mais rápido'],
      ]),
    );
  });

  it('names nothing with one delivery, or when the cheapest is also the fastest', () => {
    expect(deliveryHighlights([option('pac', 1990, 6)]).size).toBe(0);
    expect(deliveryHighlights([option('pac', 1990, 2), option('sedex', 3490, 2)]).size).toBe(0);
  });
});
