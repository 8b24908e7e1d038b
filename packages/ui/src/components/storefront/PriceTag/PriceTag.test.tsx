import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PixPrice } from '../PixPrice';
import { StockMessage } from '../StockMessage';
import { PriceTag } from './PriceTag';

const NBSP = '\u00a0';

describe('PriceTag', { timeout: 20_000 }, () => {
  it('shows the compare-at price struck through and the discount percentage', () => {
    const { container } = render(<PriceTag priceCents={7990} compareAtPriceCents={9990} />);
    // Intl's no-break space keeps 'R$' with its number.
    expect(container.querySelector('s')?.textContent).toBe(`R$${NBSP}99,90`);
    expect(screen.getByText('20% de desconto')).toBeInTheDocument();
    expect(container.textContent).toContain(`R$${NBSP}79,90`);
  });

  it('rounds the percentage down so the store never overstates a discount', () => {
    render(<PriceTag priceCents={6700} compareAtPriceCents={10000} />);
    expect(screen.getByText('33% de desconto')).toBeInTheDocument();
  });

  it('shows only the price when the compare-at price is not higher', () => {
    const { container } = render(<PriceTag priceCents={7990} compareAtPriceCents={7990} />);
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByText(/de desconto/)).toBeNull();
  });

  it('says "a partir de" when variants have different prices', () => {
    const { container } = render(<PriceTag priceCents={7990} startingAt />);
    expect(container.textContent).toBe(`a partir de R$${NBSP}79,90`);
  });
});

describe('PixPrice', { timeout: 20_000 }, () => {
  it('shows the Pix amount and the discount percentage', () => {
    const { container } = render(<PixPrice pixPriceCents={7591} discountPercent={5} />);
    expect(container.textContent).toBe(`R$${NBSP}75,91 no Pix(5% de desconto)`);
  });

  it('writes fractional percentages the Brazilian way', () => {
    render(<PixPrice pixPriceCents={7591} discountPercent={2.5} />);
    expect(screen.getByText('(2,5% de desconto)')).toBeInTheDocument();
  });
});

describe('StockMessage', { timeout: 20_000 }, () => {
  it('counts the last units', () => {
    const { rerender } = render(<StockMessage stock={3} />);
    expect(screen.getByText('Últimas 3 unidades')).toBeInTheDocument();
    rerender(<StockMessage stock={1} />);
    expect(screen.getByText('Última unidade')).toBeInTheDocument();
    rerender(<StockMessage stock={0} />);
    expect(screen.getByText('Esgotado')).toBeInTheDocument();
  });

  it('stays quiet when stock is plentiful unless asked', () => {
    const { container, rerender } = render(<StockMessage stock={30} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StockMessage stock={30} showInStock />);
    expect(screen.getByText('Em estoque')).toBeInTheDocument();
  });
});
