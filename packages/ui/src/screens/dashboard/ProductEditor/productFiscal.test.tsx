// The product editor's "Fiscal": the form from a loaded product, the server's rules before
// sending, every fiscal field in productSave's input, the section's fields with their errors, and
// the editor mock's productSave answering as the API (normalised codes, the regime's CSOSN).
import { FISCAL_INPUT_MESSAGES, FISCAL_MESSAGES } from '@vitrine/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { makeProduct } from '../../../mocks/catalog/catalog.fixtures';
import { savedFiscal } from '../../../mocks/catalog/staffCatalogFiscal';
import { FiscalSection } from './FiscalSection';
import { emptyForm, fieldDomId, toSaveInput, validateForm } from './productForm';
import { fiscalFormOf } from './productFiscal';

describe('the editor’s fiscal fields', () => {
  it('reads the product, checks by the server’s rules and sends every field', () => {
    expect(
      fiscalFormOf({ ncm: '61091000', cest: null, origin: null, taxSituation: '102' }),
    ).toEqual({ ncm: '61091000', cest: '', origin: '0', taxSituation: '102' });
    const form = { ...emptyForm('brand-1'), name: 'Regata', categoryId: 'c', ncm: '6109' };
    expect(validateForm(form).ncm).toBe(FISCAL_MESSAGES.ncm);
    expect(validateForm({ ...form, ncm: '', cest: '2803800' }).cest).toBe(
      FISCAL_INPUT_MESSAGES.cestWithoutNcm,
    );
    const input = toSaveInput({ ...form, ncm: '6109.10.00', origin: '2', taxSituation: ' 102 ' });
    expect(input).toMatchObject({ ncm: '6109.10.00', cest: null, origin: 2, taxSituation: '102' });
  });

  it('renders the fields with their errors and reports changes', async () => {
    const onChange = vi.fn();
    render(
      <FiscalSection
        form={{ ncm: '6109', cest: '', origin: '0', taxSituation: '' }}
        errors={{ ncm: FISCAL_MESSAGES.ncm }}
        onChange={onChange}
        fieldId={fieldDomId}
      />,
    );
    const ncm = screen.getByRole('textbox', { name: 'NCM' });
    expect(ncm).toHaveAccessibleDescription(FISCAL_MESSAGES.ncm);
    expect(ncm).toHaveAttribute('id', 'produto-ncm');
    await userEvent.type(screen.getByRole('textbox', { name: 'CEST' }), '2');
    expect(onChange).toHaveBeenCalledWith('cest', '2');
    expect(screen.getByRole('combobox', { name: 'Origem da mercadoria' })).toHaveTextContent(
      '0 – Nacional',
    );
  });
});

describe('the editor mock’s productSave: fiscal data', () => {
  it('normalises, keeps what is absent and refuses as the API (Simples Nacional)', () => {
    const existing = makeProduct({ ncm: '61091000', origin: 2 });
    expect(savedFiscal({ cest: '28.038.00' }, existing)).toEqual({
      ncm: '61091000',
      cest: '2803800',
      origin: 2,
      taxSituation: null,
    });
    expect(() => savedFiscal({ taxSituation: '00' }, existing)).toThrow(FISCAL_MESSAGES.csosn);
    expect(() => savedFiscal({ origin: 9 }, existing)).toThrow(FISCAL_MESSAGES.origin);
  });
});
