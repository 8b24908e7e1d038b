// Compile-time tests of typeMismatch.ts (type-checked by `tsc -b`): which differences between a
// generated type and a hand-written document fail the build, and with which message.
import type { TypedDocumentNode } from '@apollo/client';

import type { DocumentMismatch } from './typeMismatch';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type NoVariables = Record<string, never>;
type Doc<Result, Variables = NoVariables> = TypedDocumentNode<Result, Variables>;
type Generated = { brand: { name: string; logoUrl: string | null; tags: Array<string> } | null };
type GeneratedNoVariables = { [key: string]: never };

interface BrandNode {
  name: string;
  logoUrl: string | null;
  tags: readonly string[];
}

export type TypeMismatchCases = [
  // The same shape, written with named interfaces and readonly arrays: no mismatch.
  Expect<
    Equal<
      DocumentMismatch<Doc<{ brand: BrandNode | null }>, Generated, GeneratedNoVariables, 'Op'>,
      never
    >
  >,
  // A field that becomes nullable in the schema.
  Expect<
    Equal<
      DocumentMismatch<
        Doc<{ brand: { name: string; logoUrl: string | null; tags: string[] } | null }>,
        { brand: { name: string | null; logoUrl: string | null; tags: string[] } | null },
        GeneratedNoVariables,
        'Op'
      >,
      'Op data.brand.name: nullable in the schema, not in the hand-written type'
    >
  >,
  // A hand-written field the selection lacks, a selected field the type lacks, a list element.
  Expect<
    Equal<
      DocumentMismatch<
        Doc<{ brand: { name: string; slug: string; tags: (string | null)[] } | null }>,
        Generated,
        GeneratedNoVariables,
        'Op'
      >,
      | 'Op data.brand.logoUrl: selected, but missing from the hand-written type'
      | 'Op data.brand.slug: in the hand-written type, not selected by the document'
      | 'Op data.brand.tags[]: never null in the schema, nullable in the hand-written type'
    >
  >,
  // An enum typed as a plain string, and an optional key where the result always has one.
  Expect<
    Equal<
      DocumentMismatch<
        Doc<{ status: string; note?: string | null }>,
        { status: 'PAID' | 'SHIPPED'; note: string | null },
        GeneratedNoVariables,
        'Op'
      >,
      | "Op data.status: not the schema's type (a scalar, an enum's values or a list differ)"
      | 'Op data.note: always present, but optional in the hand-written type'
    >
  >,
  // Variables may be narrower than the operation's (always sent), never wider or missing.
  Expect<
    Equal<
      DocumentMismatch<
        Doc<{ brand: BrandNode | null }, { slug: string; first: number }>,
        Generated,
        { slug: string; first?: number | null },
        'Op'
      >,
      never
    >
  >,
  Expect<
    Equal<
      DocumentMismatch<
        Doc<{ brand: BrandNode | null }, { slug?: string | null; after: string | null }>,
        Generated,
        { slug: string; first?: number | null },
        'Op'
      >,
      | 'Op variables.slug: required by the schema, optional in the hand-written type'
      | 'Op variables.after: in the hand-written type, not declared by the document or the schema'
    >
  >,
  // A document with variables typed as taking none.
  Expect<
    Equal<
      DocumentMismatch<Doc<{ brand: BrandNode | null }>, Generated, { slug: string }, 'Op'>,
      'Op variables.slug: required by the schema, missing from the hand-written type'
    >
  >,
];
