// The product editor's version conflict: the version stored now is loaded and the form merged
// over it (productMerge.ts, three-way from the version the form was loaded from); the staff member
// chooses the fields both changed, then keeps theirs re-applied or discards them.
import { useApolloClient } from '@apollo/client';
import { useRef, useState } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import type { ConflictState } from './ConflictDialog';
import { flattenCategoryTree } from './productEditorHelpers';
import {
  PRODUCT_EDITOR_QUERY,
  type CategoryNode,
  type EditorBrand,
} from './ProductEditorScreen.graphql';
import type { EditorProduct, ProductForm } from './productForm';
import { mergeProduct, type MergeSide } from './productMerge';

export function useProductConflict({
  id,
  base,
  form,
  brands,
  categories,
  onKeepMine,
  onDiscardMine,
}: {
  id: string | null;
  /** The stored version the form was loaded from: the merge's base. */
  base: EditorProduct | null;
  form: ProductForm;
  brands: EditorBrand[];
  categories: CategoryNode[];
  /** The merged form over the current version: the editor continues from it. */
  onKeepMine(merged: ProductForm, current: EditorProduct): void;
  /** The editor shows the current version as stored. */
  onDiscardMine(current: EditorProduct): void;
}) {
  const client = useApolloClient();
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  // The version stored now, loaded after a VERSION_CONFLICT.
  const currentRef = useRef<EditorProduct | null>(null);

  const categoryName = (categoryId: string) =>
    flattenCategoryTree(categories).find((item) => item.id === categoryId)?.path ?? categoryId;
  const brandName = (brandId: string) =>
    brands.find((brand) => brand.id === brandId)?.name ??
    [base?.brand, currentRef.current?.brand].find((brand) => brand?.id === brandId)?.name ??
    brandId;
  const names = { brand: brandName, category: categoryName };

  /** The version stored now, and the merge of the form over it (the dialog shows it). */
  async function open(currentVersion: number | null) {
    currentRef.current = null;
    setConflict({ loading: true, error: null, currentVersion, merge: null, choices: {} });
    if (!id || !base) return;
    try {
      const { data } = await client.query({
        query: PRODUCT_EDITOR_QUERY,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      const current = data.adminProduct;
      if (!current) throw new Error('Este produto foi removido por outra pessoa.');
      currentRef.current = current;
      const { merge } = mergeProduct(base, current, form, names);
      setConflict({
        loading: false,
        error: null,
        currentVersion: current.version,
        merge,
        choices: {},
      });
    } catch (cause) {
      setConflict({
        loading: false,
        error: readServerError(cause as Error).message,
        currentVersion,
        merge: null,
        choices: {},
      });
    }
  }

  function choose(key: string, side: MergeSide) {
    setConflict((previous) =>
      previous ? { ...previous, choices: { ...previous.choices, [key]: side } } : previous,
    );
  }

  /** The current version with this person's changes (and choices) re-applied. */
  function keepMine() {
    const current = currentRef.current;
    if (!current || !base || !conflict) return;
    const merged = mergeProduct(base, current, form, names, conflict.choices).form;
    if (!merged) return;
    onKeepMine(merged, current);
    setConflict(null);
  }

  function discardMine() {
    const current = currentRef.current;
    if (!current) return;
    onDiscardMine(current);
    setConflict(null);
  }

  return {
    conflict,
    open,
    choose,
    keepMine,
    discardMine,
    close: () => setConflict(null),
  };
}
