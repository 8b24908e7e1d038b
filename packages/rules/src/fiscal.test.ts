import { describe, expect, it } from 'vitest';
import {
  FISCAL_MESSAGES,
  ibgeCityCodeError,
  isValidCfop,
  isValidOrigin,
  normaliseCest,
  normaliseNcm,
  normaliseStateRegistration,
  sefazRejectionText,
  taxSituationError,
  UF_IBGE_CODES,
} from './fiscal';
import { UF_NAMES } from './uf';

describe('SEFAZ’s rejection, as staff read it', () => {
  it('says “Rejeição” once with the code, and the message alone without one', () => {
    expect(sefazRejectionText('778', 'Rejeição: Informado NCM inexistente')).toBe(
      'Rejeição 778: Informado NCM inexistente',
    );
    expect(sefazRejectionText('539', 'Duplicidade de NF-e')).toBe(
      'Rejeição 539: Duplicidade de NF-e',
    );
    expect(sefazRejectionText(null, ' Preencha o NCM. ')).toBe('Preencha o NCM.');
  });
});

describe('the NF-e’s fiscal codes', () => {
  it('NCM: 8 digits of a real chapter, written with or without dots', () => {
    expect(normaliseNcm('6109.10.00')).toBe('61091000');
    expect(normaliseNcm('61091000')).toBe('61091000');
    expect(normaliseNcm('6109100')).toBeNull();
    expect(normaliseNcm('00000000')).toBeNull();
    expect(normaliseNcm('99000000')).toBeNull();
  });

  it('CEST: 7 digits; origem 0 to 8', () => {
    expect(normaliseCest('28.038.00')).toBe('2803800');
    expect(normaliseCest('280380')).toBeNull();
    expect([0, 8].every(isValidOrigin)).toBe(true);
    expect([9, -1, 1.5].some(isValidOrigin)).toBe(false);
  });

  it('the tax situation is a CSOSN under the Simples and a CST otherwise', () => {
    expect(taxSituationError('102', 'SIMPLES_NACIONAL')).toBeNull();
    expect(taxSituationError('00', 'SIMPLES_NACIONAL')).toBe(FISCAL_MESSAGES.csosn);
    expect(taxSituationError('00', 'LUCRO_PRESUMIDO')).toBeNull();
    expect(taxSituationError('102', 'LUCRO_REAL')).toBe(FISCAL_MESSAGES.cst);
    expect(taxSituationError('400', null)).toBeNull();
  });

  it('inscrição estadual, CFOPs and the IBGE city code of the store’s UF', () => {
    expect(normaliseStateRegistration('123.456.789.110')).toBe('123456789110');
    expect(normaliseStateRegistration(' isento ')).toBe('ISENTO');
    expect(normaliseStateRegistration('IE-ABC')).toBeNull();
    expect(isValidCfop('5102', 'inside')).toBe(true);
    expect(isValidCfop('6102', 'inside')).toBe(false);
    expect(isValidCfop('6108', 'outside')).toBe(true);
    expect(ibgeCityCodeError('3550308', 'SP')).toBeNull();
    expect(ibgeCityCodeError('3304557', 'SP')).toBe(FISCAL_MESSAGES.ibgeCityCodeUf('SP'));
    expect(ibgeCityCodeError('355030', 'SP')).toBe(FISCAL_MESSAGES.ibgeCityCode);
    // Every UF has its code.
    expect(Object.keys(UF_IBGE_CODES).sort()).toEqual(Object.keys(UF_NAMES).sort());
  });
});
