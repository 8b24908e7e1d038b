// Field resolvers typed by their parent object (a GraphQL type's row), shared by every module.
import type { IResolverObject } from 'mercurius';
import type { GraphQLContext } from '../graphql/context';

/** Field resolvers of one object type, typed by the parent object they receive. */
export function fieldsOf<TSource>(fields: {
  [field: string]: (source: TSource, args: never, ctx: GraphQLContext) => unknown;
}): IResolverObject<unknown, GraphQLContext> {
  return fields as unknown as IResolverObject<unknown, GraphQLContext>;
}
