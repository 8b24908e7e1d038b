import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { CartLine, type CartLineData } from './CartLine';

const line: CartLineData = {
  variantId: 'v1',
  productName: 'Tênis de trilha Serra Leve',
  brandName: 'Serra',
  variantLabel: 'Tamanho 40 · Cor Verde-musgo',
  imageUrl: null,
  href: '/produto/tenis-trilha-serra-leve',
  unitPriceCents: 39990,
  compareAtPriceCents: null,
  quantity: 2,
  availableQuantity: 6,
  availability: 'AVAILABLE',
  lineTotalCents: 79980,
};

function renderLine(data: CartLineData) {
  const onQuantityChange = vi.fn();
  const onRemove = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ul>
        <CartLine line={data} onQuantityChange={onQuantityChange} onRemove={onRemove} />
      </ul>
    </MemoryRouter>,
  );
  return { onQuantityChange, onRemove, user };
}

describe('CartLine', { timeout: 20_000 }, () => {
  it('changes the quantity with the + and − buttons', async () => {
    const { onQuantityChange, user } = renderLine(line);
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    expect(onQuantityChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Diminuir quantidade' }));
    expect(onQuantityChange).toHaveBeenLastCalledWith(1);
  });

  it('says how many are left when the stock fell and offers to adjust', async () => {
    const { onQuantityChange, user } = renderLine({
      ...line,
      quantity: 4,
      availableQuantity: 2,
      availability: 'INSUFFICIENT_STOCK',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Só restam 2 unidades.');
    await user.click(screen.getByRole('button', { name: 'Ajustar para 2 unidades' }));
    expect(onQuantityChange).toHaveBeenCalledWith(2);
  });

  it('offers removal for a sold-out item instead of a quantity', async () => {
    const { onRemove, user } = renderLine({
      ...line,
      availableQuantity: 0,
      availability: 'OUT_OF_STOCK',
    });
    expect(screen.queryByRole('button', { name: 'Aumentar quantidade' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remover item' }));
    expect(onRemove).toHaveBeenCalled();
  });
});
