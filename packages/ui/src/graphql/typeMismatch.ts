// Type-level comparison of a hand-written TypedDocumentNode with the types generated from the SDL
// (generated.ts). Differences come out as readable paths, so a failing `tsc -b` names the field:
// "StorefrontBrand data.brand.logoUrl: nullable in the schema, not in the hand-written type".
import type { TypedDocumentNode } from '@apollo/client';

/** The result type a hand-written TypedDocumentNode declares. */
export type ResultOfDocument<D> = D extends TypedDocumentNode<infer R, infer _V> ? R : never;

/** The variables type a hand-written TypedDocumentNode declares. */
export type VariablesOfDocument<D> = D extends TypedDocumentNode<infer _R, infer V> ? V : never;

/**
 * The same type as plain nested object literals: named interfaces, intersections, `Array<T>`
 * and `readonly T[]` become what they stand for, while optional keys and `| null` stay.
 */
type Plain<T> = T extends readonly (infer E)[]
  ? Plain<E>[]
  : T extends object
    ? { [K in keyof T]: Plain<T[K]> }
    : T;

/** True when A and B are the same type once both are plain (not merely assignable). */
type IsExact<A, B> =
  (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;

type IsNullable<T> = null extends T ? true : false;
type IsArray<T> = T extends readonly unknown[] ? true : false;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;
type IsObject<T> = [T] extends [object] ? (IsArray<T> extends true ? false : true) : false;
/** Named keys only: `Record<string, never>` (no variables) has none. */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: true;
};
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
type IsOptional<T, K> = K extends OptionalKeys<T> ? true : false;
type Key<K> = K extends string ? K : K extends number ? `${K}` : '?';
type At<T, K> = K extends keyof T ? T[K] : never;

/** The messages one by one, so a compiler error prints them rather than the alias that made them. */
type Spelled<M> = M extends string ? `${M}` : never;

type Both<G, H, Test extends 'array' | 'object'> = Test extends 'array'
  ? [IsArray<NonNullable<G>>, IsArray<NonNullable<H>>] extends [true, true]
    ? true
    : false
  : [IsObject<NonNullable<G>>, IsObject<NonNullable<H>>] extends [true, true]
    ? true
    : false;

// Results: the hand-written type must be exactly the generated one, key for key.

type ResultObjectMismatches<G, H, P extends string> =
  | {
      [
        K in Exclude<KnownKeys<G>, KnownKeys<H>>
      ]: `${P}.${Key<K>}: selected, but missing from the hand-written type`;
    }[Exclude<KnownKeys<G>, KnownKeys<H>>]
  | {
      [
        K in Exclude<KnownKeys<H>, KnownKeys<G>>
      ]: `${P}.${Key<K>}: in the hand-written type, not selected by the document`;
    }[Exclude<KnownKeys<H>, KnownKeys<G>>]
  | {
      [K in KnownKeys<G> & KnownKeys<H>]: IsOptional<G, K> extends IsOptional<H, K>
        ? ResultMismatches<At<G, K>, At<H, K>, `${P}.${Key<K>}`>
        : IsOptional<G, K> extends true
          ? `${P}.${Key<K>}: optional in the generated type, required in the hand-written type`
          : `${P}.${Key<K>}: always present, but optional in the hand-written type`;
    }[KnownKeys<G> & KnownKeys<H>];

type ResultMismatches<G, H, P extends string> =
  IsExact<G, H> extends true
    ? never
    : [IsNullable<G>, IsNullable<H>] extends [true, false]
      ? `${P}: nullable in the schema, not in the hand-written type`
      : [IsNullable<G>, IsNullable<H>] extends [false, true]
        ? `${P}: never null in the schema, nullable in the hand-written type`
        : Both<G, H, 'array'> extends true
          ? ResultMismatches<ElementOf<NonNullable<G>>, ElementOf<NonNullable<H>>, `${P}[]`>
          : Both<G, H, 'object'> extends true
            ? Spelled<ResultObjectMismatches<NonNullable<G>, NonNullable<H>, P>> extends infer M
              ? [M] extends [never]
                ? `${P}: the types differ`
                : M
              : never
            : `${P}: not the schema's type (a scalar, an enum's values or a list differ)`;

// Variables: every value the hand-written type allows must be one the operation accepts (a
// variable the ui always sends may be required there although the schema makes it optional).

type InputObjectMismatches<G, H, P extends string> =
  | {
      [K in Exclude<KnownKeys<G>, KnownKeys<H>>]: IsOptional<G, K> extends true
        ? never
        : `${P}.${Key<K>}: required by the schema, missing from the hand-written type`;
    }[Exclude<KnownKeys<G>, KnownKeys<H>>]
  | {
      [
        K in Exclude<KnownKeys<H>, KnownKeys<G>>
      ]: `${P}.${Key<K>}: in the hand-written type, not declared by the document or the schema`;
    }[Exclude<KnownKeys<H>, KnownKeys<G>>]
  | {
      [K in KnownKeys<G> & KnownKeys<H>]: [IsOptional<G, K>, IsOptional<H, K>] extends [false, true]
        ? `${P}.${Key<K>}: required by the schema, optional in the hand-written type`
        : InputMismatches<At<G, K>, At<H, K>, `${P}.${Key<K>}`>;
    }[KnownKeys<G> & KnownKeys<H>];

type InputMismatches<G, H, P extends string> =
  IsExact<G, H> extends true
    ? never
    : [IsNullable<G>, IsNullable<H>] extends [false, true]
      ? `${P}: never null in the schema, nullable in the hand-written type`
      : Both<G, H, 'array'> extends true
        ? InputMismatches<ElementOf<NonNullable<G>>, ElementOf<NonNullable<H>>, `${P}[]`>
        : Both<G, H, 'object'> extends true
          ? InputObjectMismatches<NonNullable<G>, NonNullable<H>, P>
          : [NonNullable<H>] extends [NonNullable<G>]
            ? never
            : `${P}: the hand-written type allows values the schema does not take`;

/**
 * `never` when a hand-written document's result type is exactly the generated one and its
 * variables type only allows what the operation accepts; otherwise one message per difference.
 */
export type DocumentMismatch<D, Result, Variables, Operation extends string> = [
  | ResultMismatches<Result, ResultOfDocument<D>, `${Operation} data`>
  | InputMismatches<Variables, VariablesOfDocument<D>, `${Operation} variables`>,
] extends [infer M extends string]
  ? `${M}` // a fresh union: a compiler error prints the messages, not the aliases that made them
  : never;

/** Compiles only when M is never: the generated file holds one per document. */
export type ExpectNoMismatch<M extends never> = M;
