import { describe, expect, it } from 'vitest';
import { UFS, isUf, normaliseUf, ufName } from './uf';

describe('UFs', () => {
  it('lists the 27 federative units', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    expect(UFS).toContain('DF');
    expect(ufName('SP')).toBe('São Paulo');
    expect(ufName('AP')).toBe('Amapá');
  });

  it('recognises only the exact codes, and normalises case and spaces', () => {
    expect(isUf('RJ')).toBe(true);
    expect(isUf('rj')).toBe(false);
    expect(isUf('XX')).toBe(false);
    expect(isUf('toString')).toBe(false);
    expect(normaliseUf(' rj ')).toBe('RJ');
    expect(normaliseUf('BR')).toBeNull();
  });
});
