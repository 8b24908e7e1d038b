// The GraphQL contract seen from the server: the committed SDL and the resolver registry agree.
// Every Query and Mutation field has a resolver; no resolver names a type or field the SDL lacks.
import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mergeResolvers, resolverModules } from '../src/graphql';

const schema = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
const resolvers = mergeResolvers(resolverModules) as Record<string, Record<string, unknown>>;

describe('GraphQL contract (server resolvers against the committed SDL)', () => {
  it('resolves every Query and Mutation field', () => {
    const missing: string[] = [];
    for (const root of [schema.getQueryType(), schema.getMutationType()]) {
      if (!root) continue;
      for (const field of Object.keys(root.getFields())) {
        if (!resolvers[root.name]?.[field]) missing.push(`${root.name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only types and fields that exist in the SDL', () => {
    const unknown: string[] = [];
    for (const [typeName, fields] of Object.entries(resolvers)) {
      const type = schema.getType(typeName);
      if (!type) {
        unknown.push(typeName);
        continue;
      }
      if (!isObjectType(type)) continue;
      for (const field of Object.keys(fields)) {
        if (!type.getFields()[field]) unknown.push(`${typeName}.${field}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
