// Helpers of the field resolvers, shared by every module.

/**
 * A row's lower-case enum value ('delivery', 'fixed') as the schema's enum value ('DELIVERY',
 * 'FIXED'), typed as such so the field resolver's result is checked against the schema.
 */
export function schemaEnum<T extends string>(value: T): Uppercase<T> {
  return value.toUpperCase() as Uppercase<T>;
}
