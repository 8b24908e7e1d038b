import { describe, expect, it } from 'vitest';
import {
  checkShippingSimulationInput,
  SHIPPING_SIMULATION_MESSAGES as M,
} from './shippingSimulation.input';

const refused = (field: string, message: string) => ({ ok: false, issue: { field, message } });

describe('the shipping simulator input', () => {
  it('reads a CEP with or without its hyphen, the weight and the subtotal (zero when not given)', () => {
    expect(checkShippingSimulationInput({ postalCode: ' 01310-100 ', weightGrams: 1 })).toEqual({
      ok: true,
      value: { postalCode: '01310100', weightGrams: 1, subtotalCents: 0 },
    });
    expect(
      checkShippingSimulationInput({
        postalCode: '69005000',
        weightGrams: 100_000,
        subtotalCents: 100_000_000,
      }),
    ).toEqual({
      ok: true,
      value: { postalCode: '69005000', weightGrams: 100_000, subtotalCents: 100_000_000 },
    });
  });

  it('refuses each field in the server order, in its words', () => {
    expect(checkShippingSimulationInput({ postalCode: '0131', weightGrams: 0 })).toEqual(
      refused('postalCode', M.postalCode),
    );
    expect(
      checkShippingSimulationInput({ postalCode: `01310100${' '.repeat(13)}`, weightGrams: 1 }),
    ).toEqual(refused('postalCode', M.postalCode));
    expect(checkShippingSimulationInput({ postalCode: '01310100', weightGrams: 0 })).toEqual(
      refused('weightGrams', M.weight),
    );
    expect(checkShippingSimulationInput({ postalCode: '01310100', weightGrams: 100_001 })).toEqual(
      refused('weightGrams', M.weight),
    );
    expect(checkShippingSimulationInput({ postalCode: '01310100', weightGrams: 1.5 })).toEqual(
      refused('weightGrams', M.weight),
    );
    expect(
      checkShippingSimulationInput({ postalCode: '01310100', weightGrams: 1, subtotalCents: -1 }),
    ).toEqual(refused('subtotalCents', M.subtotal));
    expect(
      checkShippingSimulationInput({
        postalCode: '01310100',
        weightGrams: 1,
        subtotalCents: 100_000_001,
      }),
    ).toEqual(refused('subtotalCents', M.subtotal));
  });
});
