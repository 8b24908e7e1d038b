// "Definir dados fiscais" in the bulk dialog and the staff catalog mock's SET_FISCAL: each field's
// Portuguese error (the server's rules), only what was typed sent, the server's refusal shown; the
// mock refuses and applies as the API does.
import { FISCAL_INPUT_MESSAGES, FISCAL_MESSAGES } from '@vitrine/rules';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { makeProduct } from '../../../mocks/catalog/catalog.fixtures';
import {
  applyBulkFiscal,
  bulkFiscalSummary,
  checkBulkFiscal,
} from '../../../mocks/catalog/staffCatalogFiscal';
import { BulkActionDialog } from './BulkActionDialog';
import { EMPTY_FISCAL_BULK_FORM, readBulkFiscal } from './bulkFiscal';

function setup(answer: string | null = null) {
  const onSubmit = vi.fn((_request: unknown) => Promise.resolve(answer));
  render(
    <BulkActionDialog
      action="SET_FISCAL"
      count={3}
      categories={[]}
      previewProducts={[]}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Definir os dados fiscais de 3 produtos?' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const confirm = () =>
    userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
  return { onSubmit, dialog, field, confirm };
}

describe('readBulkFiscal', () => {
  it('asks for one value at least and checks each by the server’s rules', () => {
    expect(readBulkFiscal(EMPTY_FISCAL_BULK_FORM)).toEqual({
      ok: false,
      errors: { ncm: FISCAL_INPUT_MESSAGES.fiscalEmpty },
    });
    expect(readBulkFiscal({ ...EMPTY_FISCAL_BULK_FORM, ncm: '61', cest: '1' })).toEqual({
      ok: false,
      errors: { ncm: FISCAL_MESSAGES.ncm, cest: FISCAL_MESSAGES.cest },
    });
    expect(readBulkFiscal({ ...EMPTY_FISCAL_BULK_FORM, ncm: '6109.10.00', origin: '0' })).toEqual({
      ok: true,
      fiscal: expect.objectContaining({ ncm: '61091000', origin: 0 }),
    });
  });
});

describe('BulkActionDialog: Definir dados fiscais', () => {
  it('names a wrong field in Portuguese and sends nothing', async () => {
    const { onSubmit, field, confirm } = setup();
    await confirm();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('NCM')).toHaveAccessibleDescription(FISCAL_INPUT_MESSAGES.fiscalEmpty);
    await userEvent.type(field('NCM'), '6109');
    expect(field('NCM')).toHaveAccessibleDescription(FISCAL_MESSAGES.ncm);
    await confirm();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends only what was typed, normalised, and shows the server’s refusal', async () => {
    const { onSubmit, dialog, field, confirm } = setup('CSOSN inválido no Simples Nacional.');
    await userEvent.type(field('NCM'), '6109.10.00');
    await userEvent.type(field('Situação tributária'), '102');
    await confirm();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const request = onSubmit.mock.calls[0]![0] as { action: string; fiscal: object };
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      action: 'SET_FISCAL',
      fiscal: { ncm: '61091000', taxSituation: '102' },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'CSOSN inválido no Simples Nacional.',
    );
  });
});

describe('the staff catalog mock: SET_FISCAL', () => {
  it('refuses as the API, then sets only the values given', () => {
    const shirt = makeProduct({ id: 'p1', name: 'Camiseta', ncm: null, origin: 1 });
    expect(() => checkBulkFiscal({ taxSituation: '00' }, [shirt])).toThrow(FISCAL_MESSAGES.csosn);
    expect(() => checkBulkFiscal({ cest: '2803800' }, [shirt])).toThrow(
      '1 produto não tem NCM para receber o CEST: “Camiseta”. Informe também o NCM. Nada foi alterado.',
    );
    const fiscal = checkBulkFiscal({ ncm: '61091000', taxSituation: '102' }, [shirt]);
    applyBulkFiscal(shirt, fiscal);
    expect(shirt).toMatchObject({ ncm: '61091000', origin: 1, taxSituation: '102', cest: null });
    expect(bulkFiscalSummary(1, fiscal)).toBe(
      'Dados fiscais de 1 produto: NCM 61091000, CSOSN 102',
    );
  });
});
