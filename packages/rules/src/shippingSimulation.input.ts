// The staff's shipping simulator (shippingSimulate): a CEP, a billable weight and a merchandise
// subtotal, checked once for the server and the ui's mocks, in the server's words on each field.
import { wholeIn } from './packing';
import { CEP_ERROR_MESSAGE, isValidCep, normaliseCep } from './shipping';
import type { RuleResult } from './variant';
import { ruleRefusal as refuse } from './rule';

export const SHIPPING_SIMULATION_LIMITS = {
  maxWeightGrams: 100_000,
  maxSubtotalCents: 100_000_000,
} as const;

export const SHIPPING_SIMULATION_MESSAGES = {
  postalCode: CEP_ERROR_MESSAGE,
  weight: 'Informe o peso em gramas, de 1 g a 100 kg.',
  subtotal: 'Informe o subtotal em centavos, de zero a R$ 1.000.000,00.',
} as const;

export interface ShippingSimulationInput {
  postalCode: unknown;
  weightGrams: unknown;
  subtotalCents?: unknown;
}

export interface ValidShippingSimulation {
  /** 8 digits. */
  postalCode: string;
  weightGrams: number;
  /** Zero when not given. */
  subtotalCents: number;
}

/** The CEP (at most 20 characters as typed), the weight (1 g to 100 kg), the subtotal (0 to R$ 1 mi). */
export function checkShippingSimulationInput(
  input: ShippingSimulationInput,
): RuleResult<ValidShippingSimulation> {
  const L = SHIPPING_SIMULATION_LIMITS;
  const M = SHIPPING_SIMULATION_MESSAGES;
  const cep = input.postalCode;
  if (typeof cep !== 'string' || cep.length > 20 || !isValidCep(cep)) {
    return refuse('postalCode', M.postalCode);
  }
  if (!wholeIn(input.weightGrams, 1, L.maxWeightGrams)) return refuse('weightGrams', M.weight);
  const subtotal = input.subtotalCents ?? 0;
  if (!wholeIn(subtotal, 0, L.maxSubtotalCents)) return refuse('subtotalCents', M.subtotal);
  return {
    ok: true,
    value: {
      postalCode: normaliseCep(cep),
      weightGrams: input.weightGrams,
      subtotalCents: subtotal,
    },
  };
}
