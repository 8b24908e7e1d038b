import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { COUPON_FORMAT_MESSAGE } from '../../../cart/cartRules';
import { CouponField, type CouponFieldProps } from './CouponField';

function renderField(props: Partial<CouponFieldProps> = {}) {
  const onApply = vi.fn();
  const onRemove = vi.fn();
  const user = userEvent.setup();
  const view = render(<CouponField onApply={onApply} onRemove={onRemove} {...props} />);
  return { onApply, onRemove, user, view };
}

describe('CouponField', { timeout: 20_000 }, () => {
  it('applies a code trimmed and upper-cased', async () => {
    const { onApply, user } = renderField();
    await user.type(screen.getByRole('textbox', { name: 'Cupom de desconto' }), '  natal-10_a ');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith('NATAL-10_A');
  });

  it.each(['bem vindo', 'natal!', 'promoção'])(
    'says %j cannot be a coupon, at the field, and does not apply it',
    async (typed) => {
      const { onApply, user } = renderField();
      const input = screen.getByRole('textbox', { name: 'Cupom de desconto' });
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).not.toHaveBeenCalled();
      expect(screen.getByText(COUPON_FORMAT_MESSAGE)).toBeVisible();
      expect(input).toHaveAccessibleDescription(COUPON_FORMAT_MESSAGE);
      // Fixing the typing clears the message.
      await user.clear(input);
      await user.type(input, 'BEMVINDO10');
      expect(screen.queryByText(COUPON_FORMAT_MESSAGE)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).toHaveBeenCalledWith('BEMVINDO10');
    },
  );

  it('asks for a letter or a digit first', async () => {
    const { onApply, user } = renderField();
    await user.type(screen.getByRole('textbox', { name: 'Cupom de desconto' }), '-natal');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('Cupom inválido: comece com uma letra ou um número.')).toBeVisible();
  });

  it('keeps a saved code the server refused on show, with the reason and "Remover"', async () => {
    const { onRemove, user } = renderField({
      savedCode: 'NATAL2019',
      error: 'Este cupom expirou em 31/12/2019.',
    });
    expect(screen.getByText('Cupom NATAL2019 não aplicado')).toBeVisible();
    expect(screen.getByText('Este cupom expirou em 31/12/2019.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    // Another code can still be typed in its place.
    expect(screen.getByRole('textbox', { name: 'Cupom de desconto' })).toBeEnabled();
  });

  it('shows the applied code with "Remover" and no refusal', () => {
    renderField({ appliedCode: 'BEMVINDO10', savedCode: 'BEMVINDO10', discountCents: 1598 });
    expect(screen.getByText(/Cupom BEMVINDO10 aplicado/)).toBeVisible();
    expect(screen.queryByText(/não aplicado/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remover' })).toBeEnabled();
  });
});
