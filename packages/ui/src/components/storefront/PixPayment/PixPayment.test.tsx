import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PixPayment } from './PixPayment';

const CODE =
  '00020126360014BR.GOV.BCB.PIX0114+55119999999995204000053039865406123.405802BR6304ABCD';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';

afterEach(() => {
  vi.useRealTimers();
});

describe('PixPayment', { timeout: 20_000 }, () => {
  it('copies the "copia e cola" code and confirms it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <PixPayment
        code={CODE}
        qrCodeSvg={SVG}
        amountCents={12340}
        expiresAt={new Date(Date.now() + 30 * 60_000).toISOString()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(CODE);
    expect(screen.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(screen.getByRole('status')).toHaveTextContent('Código Pix copiado.');
  });

  it('counts down to the expiry and then says the code expired', () => {
    vi.useFakeTimers();
    const start = new Date('2024-06-01T12:00:00Z').getTime();
    vi.setSystemTime(start);
    render(
      <PixPayment
        code={CODE}
        qrCodeSvg={SVG}
        amountCents={12340}
        expiresAt={new Date(start + 2 * 60_000 + 5_000).toISOString()}
      />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Pague em até 02:05');
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Pague em até 01:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('O código Pix expirou.');
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).toBeNull();
  });
});
