import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  checkRules,
  checkShippingMethodInput,
  indexedFieldPath,
  SHIPPING_METHOD_MESSAGES as M,
  shippingMethodInputSchema,
  shippingRateSchema,
} from './index';

const band = (upToGrams: number, priceCents: number) => ({ upToGrams, priceCents });
const rate = (businessDays = 3) => ({ bands: [band(300, 1890), band(1000, 2490)], businessDays });
const delivery = { name: 'PAC', kind: 'DELIVERY', byRegion: [{ region: 0, rate: rate() }] };

describe('shippingMethodInputSchema', () => {
  it('trims, sets the defaults and keeps the tables in the order given', () => {
    const checked = checkShippingMethodInput({
      ...delivery,
      name: ' PAC ',
      byRegion: [
        { region: 9, rate: rate(9) },
        { region: 0, rate: rate() },
      ],
      byUf: [{ uf: ' rj ', rate: { ...rate(), extraKgPriceCents: 450 } }],
      carrier: 'CORREIOS',
      carrierService: ' 03298 ',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'PAC',
        kind: 'DELIVERY',
        description: '',
        byRegion: [
          { region: 9, rate: { ...rate(9), extraKgPriceCents: null } },
          { region: 0, rate: { ...rate(), extraKgPriceCents: null } },
        ],
        byUf: [{ uf: 'RJ', rate: { ...rate(), extraKgPriceCents: 450 } }],
        handlingBusinessDays: 0,
        readyInBusinessDays: 1,
        pickupPoint: null,
        freeShippingThresholdCents: null,
        excludedFromFreeShipping: false,
        active: true,
        position: 0,
        carrier: 'CORREIOS',
        carrierService: '03298',
      },
    });
  });

  it('names array items as the API does: byRegion[0].rate.bands[1].upToGrams', () => {
    const input = {
      ...delivery,
      byRegion: [{ region: 0, rate: { bands: [band(500, 1), band(500, 2)], businessDays: 3 } }],
    };
    expect(checkRules(shippingMethodInputSchema, input)).toMatchObject({
      issue: { field: 'byRegion.0.rate.bands.1.upToGrams', message: M.bandsOrder },
    });
    expect(checkShippingMethodInput(input)).toMatchObject({
      issue: { field: 'byRegion[0].rate.bands[1].upToGrams', message: M.bandsOrder },
    });
    expect(indexedFieldPath('pickupPoint.street')).toBe('pickupPoint.street');
    expect(indexedFieldPath('byUf.12.uf')).toBe('byUf[12].uf');
  });

  it('reports the first broken rule in the order the fields are read', () => {
    const issue = (input: Record<string, unknown>) => {
      const checked = checkShippingMethodInput(input);
      return checked.ok ? null : checked.issue;
    };
    // The name before the kind, the kind before the tables, the tables before the days.
    expect(issue({ ...delivery, name: ' ', kind: 'OTHER' })).toEqual({
      field: 'name',
      message: M.nameEmpty,
    });
    expect(issue({ ...delivery, kind: 'OTHER', byRegion: [] })).toEqual({
      field: 'kind',
      message: M.kind,
    });
    expect(issue({ ...delivery, byRegion: [], handlingBusinessDays: -1 })).toEqual({
      field: 'byRegion',
      message: M.deliveryWithoutRates,
    });
    // A repeated region before the rate of its own entry; an earlier entry's rate before both.
    expect(
      issue({
        ...delivery,
        byRegion: [
          { region: 1, rate: rate() },
          { region: 1, rate: { bands: [], businessDays: 3 } },
        ],
      }),
    ).toEqual({ field: 'byRegion[1].region', message: M.regionRepeated(1) });
    expect(
      issue({
        ...delivery,
        byRegion: [
          { region: 1, rate: { bands: [], businessDays: 3 } },
          { region: 1, rate: rate() },
        ],
      }),
    ).toEqual({ field: 'byRegion[0].rate.bands', message: M.bandsEmpty });
    // Too many bands before a wrong band; a wrong band before the order and the days.
    const many = Array.from({ length: 51 }, (_, i) => band(i === 0 ? 0 : i * 10, 1));
    expect(
      issue({ ...delivery, byRegion: [{ region: 0, rate: { bands: many, businessDays: 3 } }] }),
    ).toEqual({ field: 'byRegion[0].rate.bands', message: M.bandsTooMany });
    expect(
      issue({
        ...delivery,
        byRegion: [{ region: 0, rate: { bands: [band(900, 1), band(300, -1)], businessDays: 99 } }],
      }),
    ).toEqual({ field: 'byRegion[0].rate.bands[1].priceCents', message: M.bandPrice });
    // The pickup point before the threshold, the threshold before the carrier.
    expect(
      issue({
        name: 'Retirada',
        kind: 'PICKUP',
        freeShippingThresholdCents: -1,
        carrier: 'CORREIOS',
      }),
    ).toEqual({ field: 'pickupPoint.street', message: M.pickupPointMissing });
    expect(issue({ ...delivery, freeShippingThresholdCents: -1, carrierService: '1' })).toEqual({
      field: 'freeShippingThresholdCents',
      message: M.freeShippingThreshold,
    });
  });

  it('takes an inactive pickup without its point, and no carrier on a pickup', () => {
    expect(checkShippingMethodInput({ name: 'Retirada', kind: 'PICKUP', active: false })).toEqual({
      ok: true,
      value: expect.objectContaining({ kind: 'PICKUP', pickupPoint: null, active: false }),
    });
    expect(
      checkShippingMethodInput({
        name: 'Retirada',
        kind: 'PICKUP',
        active: false,
        carrier: 'CORREIOS',
      }),
    ).toMatchObject({ issue: { field: 'carrier', message: M.carrierOnPickup } });
  });
});

describe('shippingRateSchema', () => {
  it('accepts ascending bands and refuses the first one out of order', () => {
    const ascending = fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), {
      minLength: 1,
      maxLength: 50,
    });
    fc.assert(
      fc.property(ascending, (limits) => {
        const sorted = [...limits].sort((a, b) => a - b);
        const bands = sorted.map((grams) => band(grams, 100));
        expect(checkRules(shippingRateSchema, { bands, businessDays: 1 }).ok).toBe(true);
        if (sorted.length < 2) return;
        const swapped = [...bands];
        [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
        expect(checkRules(shippingRateSchema, { bands: swapped, businessDays: 1 })).toEqual({
          ok: false,
          issue: { field: 'bands.1.upToGrams', message: M.bandsOrder },
        });
      }),
    );
  });
});
