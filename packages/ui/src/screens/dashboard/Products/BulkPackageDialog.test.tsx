// "Definir embalagem" in the bulk dialog: each field's Portuguese error (the variant editor's rules),
// the weight carriers charge as the fields fill (the cubic rule), the package sent with only what
// was typed, and the server's refusal.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { BulkActionDialog } from './BulkActionDialog';
import { billableNote, EMPTY_PACKAGE_FORM, readPackage } from './bulkPackage';

function setup(answer: string | null = null) {
  const onSubmit = vi.fn((_request: unknown) => Promise.resolve(answer));
  render(
    <BulkActionDialog
      action="SET_PACKAGE"
      count={3}
      categories={[]}
      previewProducts={[]}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Definir a embalagem de 3 produtos?' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const confirm = () =>
    userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
  return { onSubmit, dialog, field, confirm };
}

describe('BulkActionDialog: Definir embalagem', () => {
  it('names each wrong field in Portuguese and sends nothing', async () => {
    const { onSubmit, dialog, field, confirm } = setup();
    await confirm();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Peso (g)')).toHaveAccessibleDescription(
      'Informe o peso ou ao menos uma medida da embalagem.',
    );
    await userEvent.type(field('Peso (g)'), '0');
    await userEvent.type(field('Comprimento (cm)'), '12,5');
    expect(field('Peso (g)')).toHaveAccessibleDescription('O peso deve ser maior que zero.');
    expect(field('Peso (g)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Comprimento (cm)')).toHaveAccessibleDescription(
      'Comprimento: use um número inteiro de centímetros, como 30.',
    );
    expect(field('Largura (cm)')).toHaveAttribute('aria-invalid', 'false');
    await confirm();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows the weight carriers charge, then sends only what was typed', async () => {
    const { onSubmit, dialog, field, confirm } = setup();
    expect(dialog).toHaveTextContent('informe o peso e as três medidas para vê-lo aqui');
    await userEvent.type(field('Comprimento (cm)'), '30');
    await userEvent.type(field('Largura (cm)'), '20');
    await userEvent.type(field('Altura (cm)'), '10');
    expect(dialog).toHaveTextContent('Peso cúbico: 1.000 g (C×L×A/6000)');
    await userEvent.type(field('Peso (g)'), '300');
    expect(dialog).toHaveTextContent(
      'Peso cobrado pelas transportadoras: 1.000 g (o maior entre o peso real e o cúbico, C×L×A/6000).',
    );
    await userEvent.clear(field('Largura (cm)'));
    await confirm();
    expect(onSubmit).toHaveBeenCalledWith({
      action: 'SET_PACKAGE',
      package: { weightGrams: 300, lengthCm: 30, widthCm: null, heightCm: 10 },
    });
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const refusal =
      '1 produto não tem variantes para receber a embalagem: “Rascunho”. Cadastre uma variante ou tire-o da seleção. Nada foi alterado.';
    const { dialog, field, confirm } = setup(refusal);
    await userEvent.type(field('Peso (g)'), '250');
    await confirm();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(field('Peso (g)')).toHaveValue('250');
  });
});

describe('bulkPackage', () => {
  it('reads the form by the variant rules', () => {
    expect(readPackage({ ...EMPTY_PACKAGE_FORM, heightCm: ' 4 ' })).toEqual({
      ok: true,
      pkg: { weightGrams: null, lengthCm: null, widthCm: null, heightCm: 4 },
    });
    expect(readPackage({ ...EMPTY_PACKAGE_FORM, widthCm: '0', heightCm: '-2' })).toEqual({
      ok: false,
      errors: {
        widthCm: 'A largura deve ser maior que zero.',
        heightCm: 'Altura: use um número inteiro de centímetros, como 10.',
      },
    });
  });

  it('charges the real weight when it is above the cubic one', () => {
    const form = { weightGrams: '1500', lengthCm: '16', widthCm: '11', heightCm: '6' };
    // 16 × 11 × 6 / 6 = 176 g cubic: the real 1.500 g is charged.
    expect(billableNote(form)).toBe(
      'Peso cobrado pelas transportadoras: 1.500 g (o maior entre o peso real e o cúbico, C×L×A/6000).',
    );
  });
});
