// The pieces every input rule is made of: a refusal on a field in its Portuguese words, and a
// whole number within bounds (a left-out one standing for a default). Each rules file builds its
// checks from these instead of writing them again.
import type { RuleResult } from './variant';

/** The failed RuleResult: `message` on `field` (the input's path, '' for the whole input). */
export const ruleRefusal = (field: string, message: string) => ({
  ok: false as const,
  issue: { field, message },
});

export interface WholeNumberBounds {
  /** What a left-out value stands for. */
  fallback: number;
  /** The least and the most accepted, both included. */
  min: number;
  max: number;
  /** The refusal's words, on `field`. */
  message: string;
  field: string;
}

/** A whole number from `min` to `max` (a left-out one is `fallback`), or the bounds' refusal. */
export function checkWholeNumber(
  value: number | null | undefined,
  bounds: WholeNumberBounds,
): RuleResult<number> {
  const number = value ?? bounds.fallback;
  if (!Number.isInteger(number) || number < bounds.min || number > bounds.max) {
    return ruleRefusal(bounds.field, bounds.message);
  }
  return { ok: true, value: number };
}
