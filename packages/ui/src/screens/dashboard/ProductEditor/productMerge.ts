// After a VERSION_CONFLICT: a three-way merge of the product. The base is the version the form
// was loaded from, "theirs" the version stored now (someone else saved it meanwhile), "mine" the
// form. A field only I changed keeps my value, a field only the other person changed takes
// theirs, a field both changed to different values waits for the person's choice; nothing the
// other person saved is dropped without being listed. Variants are matched by id: a variant one
// side removed and the other changed is a choice too, new ones of either side are kept (one new
// variant of each side with the same size and colour is a choice). Pure: the screen computes the
// merge to show it, then again with the person's choices to get the form.
import { formatBRL, normalizeGtin } from '@vitrine/rules';
import { parseBRL } from '../../../format';

import {
  DRAFT_LABEL,
  effectiveSlug,
  formFromProduct,
  parseCount,
  PUBLISHED_LABEL,
  variantLabel,
  type EditorProduct,
  type PhotoItem,
  type ProductForm,
  type VariantRow,
} from './productForm';

export type MergeSide = 'mine' | 'theirs';

/** One field of the merge, as the person reads it. */
export interface MergeItem {
  /** Stable key of the field ('name', 'variants.<id>.price', 'variants.<id>'). */
  key: string;
  /** 'Nome', 'Variação P / Azul: Preço "de"'. */
  label: string;
  /** The value in the version the form was loaded from. */
  before: string;
  mine: string;
  theirs: string;
}

export interface ProductMerge {
  /** Changed only by the other person: kept. */
  theirs: MergeItem[];
  /** Changed only by me: re-applied over the current version. */
  mine: MergeItem[];
  /** Changed by both to different values: the person chooses each one. */
  conflicts: MergeItem[];
}

export interface MergeNames {
  brand(id: string): string;
  category(id: string): string;
}

export type MergeChoices = Readonly<Record<string, MergeSide>>;

export interface MergeResult {
  merge: ProductMerge;
  /** The form to continue from; null while a conflict has no choice. */
  form: ProductForm | null;
}

const EMPTY = '(vazio)';
const ABSENT = '(não existia)';
const REMOVED = 'Removida';

/** A value compared by what it means (norm) and shown as people read it. */
interface Reading {
  norm: string;
  show: string;
}

const text = (value: string): Reading => ({ norm: value.trim(), show: value.trim() || EMPTY });

function money(value: string): Reading {
  if (value.trim() === '') return { norm: '', show: EMPTY };
  const cents = parseBRL(value);
  return cents === null
    ? { norm: `?${value.trim()}`, show: value.trim() }
    : { norm: String(cents), show: formatBRL(cents) };
}

function count(value: string): Reading {
  const parsed = parseCount(value);
  if (parsed === null) return { norm: '', show: EMPTY };
  return Number.isNaN(parsed)
    ? { norm: `?${value.trim()}`, show: value.trim() }
    : { norm: String(parsed), show: String(parsed) };
}

function gtin(value: string): Reading {
  const trimmed = value.trim();
  return trimmed === ''
    ? { norm: '', show: EMPTY }
    : { norm: normalizeGtin(trimmed), show: trimmed };
}

const publishedReading = (published: boolean): Reading => ({
  norm: String(published),
  show: published ? PUBLISHED_LABEL : DRAFT_LABEL,
});

function photosReading(photos: PhotoItem[]): Reading {
  const done = photos.filter((photo) => photo.status === 'done' && photo.id);
  if (done.length === 0) return { norm: '', show: 'Nenhuma foto' };
  const alts = done.map((photo) => photo.alt.trim() || 'sem texto alternativo');
  return {
    norm: done.map((photo) => `${photo.id}:${photo.alt.trim()}`).join('|'),
    show: `${done.length} ${done.length === 1 ? 'foto' : 'fotos'}: ${alts.join('; ')}`,
  };
}

type VariantField =
  | 'sku'
  | 'price'
  | 'compareAt'
  | 'stock'
  | 'weight'
  | 'length'
  | 'width'
  | 'height'
  | 'gtin'
  | 'lowStock';

const VARIANT_FIELDS: { field: VariantField; label: string; read(value: string): Reading }[] = [
  { field: 'sku', label: 'SKU', read: text },
  { field: 'price', label: 'Preço', read: money },
  { field: 'compareAt', label: 'Preço "de"', read: money },
  { field: 'stock', label: 'Estoque', read: count },
  { field: 'weight', label: 'Peso (g)', read: count },
  { field: 'length', label: 'Comprimento (cm)', read: count },
  { field: 'width', label: 'Largura (cm)', read: count },
  { field: 'height', label: 'Altura (cm)', read: count },
  { field: 'gtin', label: 'GTIN', read: gtin },
  { field: 'lowStock', label: 'Estoque mínimo', read: count },
];

/** 'SKU X, R$ 129,90, de R$ 189,90, estoque 5': a variant in one line. */
export function describeVariant(row: VariantRow): string {
  const price = money(row.price);
  const compareAt = money(row.compareAt);
  return [
    `SKU ${row.sku.trim() || EMPTY}`,
    price.show,
    compareAt.norm === '' ? '' : `de ${compareAt.show}`,
    `estoque ${count(row.stock).show}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const variantChanged = (a: VariantRow, b: VariantRow) =>
  VARIANT_FIELDS.some(({ field, read }) => read(a[field]).norm !== read(b[field]).norm);

const optionKey = (row: VariantRow) => `${row.size.trim()}|${row.color.trim()}`;

/**
 * The values of an axis (sizes or colours) in the merged order, only those still used: the order
 * of the side that reordered it (theirs unless only I did), the other side's values inserted after
 * the value they follow there.
 */
function mergedAxis(base: string[], mine: string[], theirs: string[], used: Set<string>): string[] {
  const mineReordered = mine.join('\u0000') !== base.join('\u0000');
  const [first, second] = mineReordered ? [mine, theirs] : [theirs, mine];
  const order = [...first];
  second.forEach((value, index) => {
    if (order.includes(value)) return;
    const after = second
      .slice(0, index)
      .reverse()
      .find((previous) => order.includes(previous));
    order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, value);
  });
  for (const value of used) if (!order.includes(value)) order.push(value);
  return order.filter((value) => value !== '' && used.has(value));
}

/** The merge under way: each side's changes, the conflicts, whether one waits for a choice. */
class MergeState {
  readonly merge: ProductMerge = { theirs: [], mine: [], conflicts: [] };
  pending = false;

  constructor(readonly choices: MergeChoices) {}

  /** Which side's value the merged form takes for one field (null: waiting for a choice). */
  decide(
    key: string,
    label: string,
    before: Reading,
    mineValue: Reading,
    theirsValue: Reading,
  ): MergeSide | null {
    const mineChanged = mineValue.norm !== before.norm;
    const theirsChanged = theirsValue.norm !== before.norm;
    const item = {
      key,
      label,
      before: before.show,
      mine: mineValue.show,
      theirs: theirsValue.show,
    };
    if (!mineChanged) {
      if (theirsChanged) this.merge.theirs.push(item);
      return 'theirs';
    }
    if (!theirsChanged) {
      this.merge.mine.push(item);
      return 'mine';
    }
    // Both changed, to the same value: nothing to choose.
    if (mineValue.norm === theirsValue.norm) return 'theirs';
    this.merge.conflicts.push(item);
    const choice = this.choices[item.key] ?? null;
    if (choice === null) this.pending = true;
    return choice;
  }

  /** A conflict over a whole variant: the side chosen, undefined while none is. */
  conflict(item: ProductMerge['conflicts'][number]): MergeSide | undefined {
    this.merge.conflicts.push(item);
    const choice = this.choices[item.key];
    if (choice === undefined) this.pending = true;
    return choice;
  }
}

/** The product's own fields (not the variants) of the merged form. */
function mergeFields(
  state: MergeState,
  forms: { base: ProductForm; theirs: ProductForm; mine: ProductForm },
  names: MergeNames,
  form: ProductForm,
): void {
  const { base: baseForm, theirs: theirsForm, mine } = forms;
  const take = <K extends keyof ProductForm>(field: K, side: MergeSide | null) => {
    if (side === 'theirs') form[field] = theirsForm[field];
  };
  const field = <K extends keyof ProductForm>(
    key: K,
    label: string,
    read: (values: ProductForm) => Reading,
  ) => take(key, state.decide(key, label, read(baseForm), read(mine), read(theirsForm)));

  field('name', 'Nome', (f) => text(f.name));
  const slugSide = state.decide(
    'slug',
    'Endereço (slug)',
    text(effectiveSlug(baseForm)),
    text(effectiveSlug(mine)),
    text(effectiveSlug(theirsForm)),
  );
  if (slugSide === 'theirs') {
    form.slug = theirsForm.slug;
    form.slugEdited = theirsForm.slugEdited;
  }
  field('description', 'Descrição', (f) => text(f.description));
  field('brandId', 'Marca', (f) => ({ norm: f.brandId, show: names.brand(f.brandId) }));
  field('categoryId', 'Categoria', (f) => ({
    norm: f.categoryId,
    show: names.category(f.categoryId),
  }));
  field('published', 'Situação no site', (f) => publishedReading(f.published));
  field('featured', 'Destaque na página inicial', (f) => ({
    norm: String(f.featured),
    show: f.featured ? 'Sim' : 'Não',
  }));
  field('seoTitle', 'Título para buscadores', (f) => text(f.seoTitle));
  field('seoDescription', 'Descrição para buscadores', (f) => text(f.seoDescription));
  field('ncm', 'NCM', (f) => text(f.ncm));
  field('cest', 'CEST', (f) => text(f.cest));
  field('origin', 'Origem da mercadoria', (f) => text(f.origin));
  field('taxSituation', 'Situação tributária', (f) => text(f.taxSituation));
  const photosSide = state.decide(
    'photos',
    'Fotos',
    photosReading(baseForm.photos),
    photosReading(mine.photos),
    photosReading(theirsForm.photos),
  );
  if (photosSide === 'theirs') {
    // Photos still uploading (or refused) stay: they are not part of any saved version yet.
    form.photos = [...theirsForm.photos, ...mine.photos.filter((photo) => photo.status !== 'done')];
  }
}

/** My rows (new, kept, changed), merged with theirs: matched by id, new ones by size and colour. */
function mergeMyRows(
  state: MergeState,
  forms: { base: ProductForm; theirs: ProductForm; mine: ProductForm },
  theirNew: VariantRow[],
  rows: VariantRow[],
): Set<string> {
  const baseRows = new Map(forms.base.variants.map((row) => [row.id, row]));
  const theirRows = new Map(forms.theirs.variants.map((row) => [row.id, row]));
  const theirNewByOption = new Map(theirNew.map((row) => [optionKey(row), row]));
  const dropTheirs = new Set<string>();
  for (const row of forms.mine.variants) {
    if (row.id === null) {
      // New here; the other person may have added the same size and colour.
      const twin = theirNewByOption.get(optionKey(row));
      if (!twin) {
        state.merge.mine.push({
          key: `variants.novo.${row.key}`,
          label: `Variação ${variantLabel(row)}`,
          before: ABSENT,
          mine: describeVariant(row),
          theirs: ABSENT,
        });
        rows.push(row);
        continue;
      }
      const choice = state.conflict({
        key: `variants.novo.${optionKey(row)}`,
        label: `Variação ${variantLabel(row)} (nova dos dois lados)`,
        before: ABSENT,
        mine: describeVariant(row),
        theirs: describeVariant(twin),
      });
      if (choice === 'mine') {
        rows.push(row);
        dropTheirs.add(twin.id ?? '');
      }
      continue;
    }
    const before = baseRows.get(row.id);
    const current = theirRows.get(row.id);
    const label = `Variação ${variantLabel(row)}`;
    if (!before) {
      // Not in the version loaded (cannot happen from the editor): keep as it is.
      rows.push(row);
      continue;
    }
    if (!current) {
      // The other person removed it.
      const key = `variants.${row.id}`;
      if (!variantChanged(row, before)) {
        state.merge.theirs.push({
          key,
          label,
          before: describeVariant(before),
          mine: describeVariant(row),
          theirs: REMOVED,
        });
        continue;
      }
      const choice = state.conflict({
        key,
        label: `${label} (removida pela outra pessoa)`,
        before: describeVariant(before),
        mine: describeVariant(row),
        theirs: REMOVED,
      });
      // Kept: saved again as a new variant with my values.
      if (choice === 'mine') rows.push({ ...row, id: null, loadedStock: null, hasOrders: false });
      continue;
    }
    const merged: VariantRow = {
      ...row,
      loadedStock: current.loadedStock,
      hasOrders: current.hasOrders,
    };
    for (const { field: name, label: fieldLabel, read } of VARIANT_FIELDS) {
      const side = state.decide(
        `variants.${row.id}.${name}`,
        `${label}: ${fieldLabel}`,
        read(before[name]),
        read(row[name]),
        read(current[name]),
      );
      if (side === 'theirs') {
        merged[name] = current[name];
        if (name === 'sku') merged.skuEdited = true;
      }
    }
    rows.push(merged);
  }
  return dropTheirs;
}

/** The merged variants: mine, those I removed unless changed meanwhile, those they added. */
function mergeVariants(
  state: MergeState,
  forms: { base: ProductForm; theirs: ProductForm; mine: ProductForm },
): VariantRow[] {
  const { base: baseForm, theirs: theirsForm, mine } = forms;
  const baseIds = new Set(baseForm.variants.map((row) => row.id));
  const theirRows = new Map(theirsForm.variants.map((row) => [row.id, row]));
  const mineIds = new Set(mine.variants.flatMap((row) => (row.id ? [row.id] : [])));
  const theirNew = theirsForm.variants.filter((row) => !baseIds.has(row.id));
  const rows: VariantRow[] = [];
  const dropTheirs = mergeMyRows(state, forms, theirNew, rows);

  // Variants I removed: gone, unless the other person changed them meanwhile.
  for (const before of baseForm.variants) {
    if (before.id === null || mineIds.has(before.id)) continue;
    const current = theirRows.get(before.id);
    if (!current) continue;
    const key = `variants.${before.id}`;
    const label = `Variação ${variantLabel(before)}`;
    if (!variantChanged(current, before)) {
      state.merge.mine.push({
        key,
        label,
        before: describeVariant(before),
        mine: REMOVED,
        theirs: describeVariant(current),
      });
      continue;
    }
    const choice = state.conflict({
      key,
      label: `${label} (alterada pela outra pessoa)`,
      before: describeVariant(before),
      mine: REMOVED,
      theirs: describeVariant(current),
    });
    if (choice === 'theirs') rows.push(current);
  }

  // Variants the other person added.
  for (const row of theirNew) {
    if (dropTheirs.has(row.id ?? '')) continue;
    const twinOfMine = mine.variants.some(
      (item) => item.id === null && optionKey(item) === optionKey(row),
    );
    if (twinOfMine) {
      // A conflict above: kept only when their side was chosen.
      if (state.choices[`variants.novo.${optionKey(row)}`] === 'theirs') rows.push(row);
      continue;
    }
    state.merge.theirs.push({
      key: `variants.${row.id}`,
      label: `Variação ${variantLabel(row)}`,
      before: ABSENT,
      mine: ABSENT,
      theirs: describeVariant(row),
    });
    rows.push(row);
  }
  return rows;
}

/**
 * The merge of `mine` (the form) over `theirs` (stored now), both from `base` (loaded). With a
 * choice for every conflict, `form` is the form to continue editing: the current version with my
 * changes re-applied, every stock loaded from the current version (a stock only I changed is sent
 * on save, one I left alone is not).
 */
export function mergeProduct(
  base: EditorProduct,
  theirs: EditorProduct,
  mine: ProductForm,
  names: MergeNames,
  choices: MergeChoices = {},
): MergeResult {
  const forms = { base: formFromProduct(base), theirs: formFromProduct(theirs), mine };
  const state = new MergeState(choices);
  const form: ProductForm = { ...mine };
  mergeFields(state, forms, names, form);
  const rows = mergeVariants(state, forms);

  // The matrix's order: sizes, then colours, as the editor lays them out.
  const sizes = mergedAxis(
    forms.base.sizes,
    mine.sizes,
    forms.theirs.sizes,
    new Set(rows.map((row) => row.size)),
  );
  const colors = mergedAxis(
    forms.base.colors,
    mine.colors,
    forms.theirs.colors,
    new Set(rows.map((row) => row.color)),
  );
  const rank = (row: VariantRow) => [sizes.indexOf(row.size), colors.indexOf(row.color)] as const;
  form.variants = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const [sa, ca] = rank(a.row);
      const [sb, cb] = rank(b.row);
      return sa - sb || ca - cb || a.index - b.index;
    })
    .map(({ row }) => row);
  form.sizes = sizes;
  form.colors = colors;

  return { merge: state.merge, form: state.pending ? null : form };
}
