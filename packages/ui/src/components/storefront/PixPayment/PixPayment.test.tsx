import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatDeadline, formatRemaining, PixPayment } from './PixPayment';

const CODE =
  '00020126360014BR.GOV.BCB.PIX0114+55119999999995204000053039865406123.405802BR6304ABCD';
const QR_URL = `/pix/qr.svg?c=${encodeURIComponent(CODE)}&s=assinatura`;

afterEach(() => {
  vi.useRealTimers();
});

describe('PixPayment', { timeout: 20_000 }, () => {
  it('says how long is left in hours and minutes, never as a time of day, and the deadline in São Paulo time', () => {
    vi.useFakeTimers();
    // 17:32:02 UTC on 26/11 is 14:32 in São Paulo; a day of Pix ends at 14:32 the next day.
    const start = new Date('2026-11-26T17:32:02Z').getTime();
    vi.setSystemTime(start);
    render(
      <PixPayment
        code={CODE}
        qrCodeUrl={QR_URL}
        amountCents={12340}
        expiresAt={new Date(start + 24 * 3_600_000 - 2_000).toISOString()}
      />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent(
      'Expira em 23 h 59 min (até amanhã, 14:32)',
    );
    expect(screen.getByRole('timer')).not.toHaveTextContent('23:59');
  });

  it('names the deadline by its date when it is further than tomorrow', () => {
    expect(
      formatDeadline(Date.parse('2026-11-28T17:32:00Z'), Date.parse('2026-11-26T17:00:00Z')),
    ).toBe('até 28/11/2026, 14:32');
    // 01:00 UTC on 27/11 is still 26/11 (22:00) in São Paulo: the same day.
    expect(
      formatDeadline(Date.parse('2026-11-27T01:00:00Z'), Date.parse('2026-11-26T17:00:00Z')),
    ).toBe('até 22:00');
    expect(formatRemaining(2 * 3_600_000)).toBe('2 h');
  });

  it('puts the code to copy before the QR code in the page (phones pay from the same phone)', () => {
    render(
      <PixPayment
        code={CODE}
        qrCodeUrl={QR_URL}
        amountCents={12340}
        expiresAt={new Date(Date.now() + 30 * 60_000).toISOString()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Copiar código Pix' });
    const qr = screen.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' });
    expect(button.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The server's image link, loaded by the browser (the server draws it then).
    expect(qr).toHaveAttribute('src', QR_URL);
  });

  it('copies the "copia e cola" code and confirms it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <PixPayment
        code={CODE}
        qrCodeUrl={QR_URL}
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
        qrCodeUrl={QR_URL}
        amountCents={12340}
        expiresAt={new Date(start + 2 * 60_000 + 5_000).toISOString()}
      />,
    );
    // 12:02:05 UTC is 09:02 in São Paulo.
    expect(screen.getByRole('timer')).toHaveTextContent('Expira em 2 min (até 09:02)');
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Expira em 1 min (até 09:02)');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Expira em 30 s');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('O código Pix expirou.');
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).toBeNull();
  });
});
