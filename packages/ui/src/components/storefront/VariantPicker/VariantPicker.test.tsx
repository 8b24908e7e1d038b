import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { VariantPicker, type VariantOptionChoice } from './VariantPicker';

const SIZES: VariantOptionChoice[] = [
  { value: 'P', available: true },
  { value: 'M', available: false },
  { value: 'G', available: true },
  { value: 'GG', available: true },
];

function Controlled({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>('P');
  return (
    <VariantPicker
      label="Tamanho"
      options={SIZES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('VariantPicker', { timeout: 20_000 }, () => {
  it('is a labelled radio group that shows the chosen value', () => {
    render(<Controlled />);
    expect(screen.getByRole('group', { name: /Tamanho/ })).toHaveTextContent('Tamanho: P');
    expect(screen.getByRole('radio', { name: 'P' })).toBeChecked();
  });

  it('shows an unavailable option but does not let it be chosen', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const unavailable = screen.getByRole('radio', { name: 'M (indisponível)' });
    expect(unavailable).toBeDisabled();
    await user.click(unavailable);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'P' })).toBeChecked();
  });

  it('with soldOutChoosable, lets a sold-out option be chosen (for "Avise-me"), named "esgotado"', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <VariantPicker
        label="Cor"
        options={[
          { value: 'Branco', available: true },
          { value: 'Verde-sálvia', available: false },
        ]}
        value="Branco"
        onChange={onChange}
        soldOutChoosable
      />,
    );
    const soldOut = screen.getByRole('radio', { name: 'Verde-sálvia (esgotado)' });
    expect(soldOut).toBeEnabled();
    await user.click(soldOut);
    expect(onChange).toHaveBeenCalledWith('Verde-sálvia');
  });

  it('moves with the arrow keys and skips what is unavailable', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('radio', { name: 'P' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'G' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'G' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'GG' })).toBeChecked();
  });

  it('announces an error such as a missing choice', () => {
    render(
      <VariantPicker
        label="Tamanho"
        options={SIZES}
        value={null}
        onChange={() => undefined}
        error="Escolha um tamanho."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha um tamanho.');
  });

  it('adopts a choice tapped before hydration: the radio the browser checked becomes the value', async () => {
    // The server-rendered page, no size chosen yet.
    function FromServer({ onChange }: { onChange?: (value: string) => void }) {
      const [value, setValue] = useState<string | null>(null);
      return (
        <VariantPicker
          label="Tamanho"
          name="size"
          options={SIZES}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange?.(next);
          }}
        />
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FromServer />);
    document.body.append(container);
    // The shopper taps 'G' before the script runs: only the browser knows.
    const early = container.querySelector<HTMLInputElement>('input[value="G"]');
    early?.click();
    expect(early?.checked).toBe(true);
    expect(container.textContent).not.toContain('Tamanho: G');

    const onChange = vi.fn();
    const root = await act(async () => hydrateRoot(container, <FromServer onChange={onChange} />));
    expect(onChange).toHaveBeenCalledWith('G');
    expect(screen.getByRole('group', { name: /Tamanho/ })).toHaveTextContent('Tamanho: G');
    expect(screen.getByRole('radio', { name: 'G' })).toBeChecked();
    act(() => root.unmount());
    container.remove();
  });

  it('leaves a hydrated choice that matches the state alone', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Controlled />);
    document.body.append(container);
    const onChange = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Controlled onChange={onChange} />));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: /Tamanho/ })).toHaveTextContent('Tamanho: P');
    act(() => root.unmount());
    container.remove();
  });
});
