// The product editor's save (productSave), once for the server, the dashboard's product editor
// and the ui's mocks: the rules that need no store, in the order the server reads the fields —
// the name, the description, the slug (given or made from the name), the texts for search
// engines, the photos (at most 20, none twice, their alternative texts), the variants (at least
// one, at most 100, none named twice, each by variantInputSchema, no GTIN, SKU nor size and
// colour twice). Each refusal is the server's Portuguese message on the input's path. What the
// store answers (a brand, a category, a photo or a variant that does not exist, a slug or a SKU
// another product holds) is the store's, in PRODUCT_INPUT_MESSAGES' words.
import { foldText, MAX_SLUG_LENGTH, slugifyName } from './catalog';
import { checkOptionalText, checkRequiredText } from './catalog.input';
import {
  checkRules,
  duplicateOptionsMessage,
  duplicateSkuMessage,
  MAX_VARIANTS_PER_PRODUCT,
  NO_VARIANTS_MESSAGE,
  TOO_MANY_VARIANTS_MESSAGE,
  variantInputSchema,
  type RuleResult,
  type ValidVariantInput,
  type VariantRuleInput,
} from './variant';
import { ruleRefusal as refuse } from './rule';

export const PRODUCT_INPUT_LIMITS = {
  name: 200,
  description: 10_000,
  seoTitle: 70,
  seoDescription: 160,
  images: 20,
  imageAlt: 200,
} as const;

const L = PRODUCT_INPUT_LIMITS;

export const PRODUCT_INPUT_MESSAGES = {
  description: `A descrição deve ter no máximo ${L.description.toLocaleString('pt-BR')} caracteres.`,
  slugInvalid: 'Slug inválido: use letras, números e hífens (ex.: camiseta-basica).',
  slugFromName: 'Não foi possível gerar um slug a partir do nome; informe um slug.',
  /** productSlugCheck's, for a slug with no letter nor digit. */
  slugCheckEmpty: 'Informe um slug com ao menos uma letra ou número.',
  slugTaken: (slug: string, suggestion: string) =>
    `Já existe um produto com o slug ${slug}. Sugestão: ${suggestion}.`,
  brandNotFound: 'Marca não encontrada.',
  categoryNotFound: 'Categoria não encontrada.',
  tooManyImages: `Um produto pode ter no máximo ${L.images} fotos.`,
  imageNotFound: 'Foto não encontrada: envie-a antes.',
  /** A photo the store does not know (or deleted meanwhile), when saving. */
  imageGone: 'Foto não encontrada: envie-a antes de salvar.',
  imageTwice: 'A mesma foto aparece mais de uma vez.',
  imageOfAnother: 'Esta foto já pertence a outro produto.',
  variantNotFound: 'Variante não encontrada neste produto.',
  gtinTwice: (gtin: string) => `O GTIN ${gtin} aparece mais de uma vez.`,
  skuOfAnother: (sku: string, product: string) =>
    `O SKU ${sku} já é usado por outro produto (${product}).`,
  gtinOfAnother: (gtin: string, product: string) =>
    `O GTIN ${gtin} já é usado por outro produto (${product}).`,
} as const;

const M = PRODUCT_INPUT_MESSAGES;

export interface ProductImageRuleInput {
  id: string;
  alt?: string | null;
}

export interface ProductSaveRuleInput {
  slug?: string | null;
  name: string;
  description?: string | null;
  brandId: string;
  categoryId: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
  images: readonly ProductImageRuleInput[];
  variants: readonly (VariantRuleInput & { id?: string | null })[];
}

export interface ValidProductSave {
  name: string;
  description: string;
  slug: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** Alternative texts default to the product's name. */
  images: { id: string; alt: string }[];
  /** Each variant as variantInputSchema answers it, with its id (null: a new one). */
  variants: (ValidVariantInput & { id: string | null })[];
}

/**
 * The product's save checked as the server checks it before reading the store. `isId` tells a
 * well-formed id of the store (the server's UUIDs; a malformed one is "not found"); `path` is the
 * input's path ('input').
 */
export function checkProductSaveInput(
  input: ProductSaveRuleInput,
  opts: { isId(value: string): boolean; path?: string },
): RuleResult<ValidProductSave> {
  const at = (field: string) => `${opts.path ?? 'input'}.${field}`;
  const name = checkRequiredText(input.name, at('name'), 'o nome do produto', L.name);
  if (!name.ok) return name;
  const description = (input.description ?? '').trim();
  if (description.length > L.description) return refuse(at('description'), M.description);
  const givenSlug = input.slug?.trim() ?? '';
  const slug = slugifyName(givenSlug || name.value);
  if (!slug) return refuse(at('slug'), givenSlug ? M.slugInvalid : M.slugFromName);
  const seoTitle = checkOptionalText(
    input.seoTitle,
    at('seoTitle'),
    'o título para buscadores',
    L.seoTitle,
  );
  if (!seoTitle.ok) return seoTitle;
  const seoDescription = checkOptionalText(
    input.seoDescription,
    at('seoDescription'),
    'a descrição para buscadores',
    L.seoDescription,
  );
  if (!seoDescription.ok) return seoDescription;
  if (!opts.isId(input.brandId)) return refuse(at('brandId'), M.brandNotFound);
  if (!opts.isId(input.categoryId)) return refuse(at('categoryId'), M.categoryNotFound);
  if (input.images.length > L.images) return refuse(at('images'), M.tooManyImages);
  const images: ValidProductSave['images'] = [];
  const seenImages = new Set<string>();
  for (const [index, image] of input.images.entries()) {
    const field = at(`images.${index}`);
    if (!opts.isId(image.id)) return refuse(`${field}.id`, M.imageNotFound);
    if (seenImages.has(image.id)) return refuse(`${field}.id`, M.imageTwice);
    seenImages.add(image.id);
    const alt = checkOptionalText(image.alt, `${field}.alt`, 'o texto alternativo', L.imageAlt);
    if (!alt.ok) return alt;
    images.push({ id: image.id, alt: alt.value ?? name.value });
  }
  if (input.variants.length === 0) return refuse(at('variants'), NO_VARIANTS_MESSAGE);
  if (input.variants.length > MAX_VARIANTS_PER_PRODUCT) {
    return refuse(at('variants'), TOO_MANY_VARIANTS_MESSAGE);
  }
  const variants: ValidProductSave['variants'] = [];
  const seenIds = new Set<string>();
  const seenGtins = new Set<string>();
  for (const [index, variant] of input.variants.entries()) {
    const field = at(`variants.${index}`);
    const id = variant.id ?? null;
    if (id !== null) {
      if (!opts.isId(id) || seenIds.has(id)) return refuse(`${field}.id`, M.variantNotFound);
      seenIds.add(id);
    }
    const checked = checkRules(variantInputSchema, variant);
    if (!checked.ok) return refuse(`${field}.${checked.issue.field}`, checked.issue.message);
    const gtin = checked.value.gtin;
    if (gtin !== null) {
      if (seenGtins.has(gtin)) return refuse(`${field}.gtin`, M.gtinTwice(gtin));
      seenGtins.add(gtin);
    }
    variants.push({ ...checked.value, id });
  }
  const set = checkVariantSet(variants, at('variants'));
  if (!set.ok) return set;
  return {
    ok: true,
    value: {
      name: name.value,
      description,
      slug,
      seoTitle: seoTitle.value,
      seoDescription: seoDescription.value,
      images,
      variants,
    },
  };
}

/**
 * Two variants of one product may not share a SKU (any case) nor the same size and colour (any
 * case or accent): the second one is refused, on its SKU or on the variant.
 */
export function checkVariantSet(
  list: readonly Pick<ValidVariantInput, 'sku' | 'size' | 'color'>[],
  path: string,
): RuleResult<null> {
  const skus = new Set<string>();
  const options = new Set<string>();
  for (const [index, variant] of list.entries()) {
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) return refuse(`${path}.${index}.sku`, duplicateSkuMessage(variant.sku));
    skus.add(sku);
    const option = `${foldText(variant.size ?? '')}|${foldText(variant.color ?? '')}`;
    if (options.has(option)) {
      return refuse(`${path}.${index}`, duplicateOptionsMessage(variant.size, variant.color));
    }
    options.add(option);
  }
  return { ok: true, value: null };
}

/** A free variant of `slug`: 'camiseta-2', 'camiseta-3'... (kept within the slug's 80 characters). */
export function suggestFreeSlug(slug: string, isTaken: (candidate: string) => boolean): string {
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const base = slug.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '');
    const candidate = `${base}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
