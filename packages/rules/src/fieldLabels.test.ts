import { describe, expect, it } from 'vitest';

import { fieldLabel, SETTINGS_FIELD_LABELS } from './fieldLabels';

describe('fieldLabel', () => {
  it('reads a settings field as the Settings form labels it', () => {
    expect(fieldLabel('storeName')).toBe('Nome da loja');
    expect(fieldLabel('pixDiscountPercent')).toBe('Desconto no Pix');
    expect(fieldLabel('compareAtPriceCents')).toBe('Preço "de"');
  });

  it('keeps an unknown field as it is, and labels none with a code name', () => {
    expect(fieldLabel('algumCampoNovo')).toBe('algumCampoNovo');
    for (const label of Object.values(SETTINGS_FIELD_LABELS)) {
      expect(label).not.toMatch(/^[a-z]+[A-Z]/);
    }
  });
});
