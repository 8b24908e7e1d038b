// Custom scalars of the contract. `Cents`: sums of money in centavos (revenue of a period, a
// customer's spend) pass GraphQL's 32-bit Int (R$ 21.474.836,47) in a mid-size store's month; they
// travel as a JSON number that is always a safe integer (exact up to R$ 90 trillion), never a
// float, never a string.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function cents(value: unknown): number {
  const number =
    typeof value === 'bigint'
      ? Number(value)
      : typeof value === 'string' && /^-?\d+$/.test(value)
        ? Number(value)
        : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new GraphQLError(`Cents must be a whole number of centavos (got ${String(value)}).`);
  }
  return number;
}

export const CentsScalar = new GraphQLScalarType({
  name: 'Cents',
  description: 'Money in centavos: a whole number, exact beyond 32 bits (sums of money).',
  serialize: cents,
  parseValue: cents,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) throw new GraphQLError('Cents must be a whole number of centavos.');
    return cents(ast.value);
  },
});
