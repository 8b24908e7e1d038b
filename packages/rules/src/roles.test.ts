import { describe, expect, it } from 'vitest';

import { STAFF_ROLE_LABELS } from './roles';

describe('STAFF_ROLE_LABELS', () => {
  it('names each role once, by its function (no gendered person nouns)', () => {
    expect(STAFF_ROLE_LABELS).toEqual({
      ADMIN: 'Administração',
      BRAND_MANAGER: 'Gestão de marcas',
      SUPPORT: 'Atendimento',
    });
    for (const label of Object.values(STAFF_ROLE_LABELS)) {
      expect(label).not.toMatch(/\b(Gerente|Administrador|Administradora|Suporte)\b/);
    }
  });
});
