// The catalog's structure inputs (brandCreate/Update/Delete, categoryCreate/Update/Delete/Move),
// once for the server, the dashboard's Brands and Categories forms and the ui's mocks: names and
// texts with their limits, the slug (given or made from the name), the brand's colour and logo,
// a category's parent (never itself nor one of its subcategories) and position, and why a brand or
// a category cannot be deleted yet. Each refusal is the server's Portuguese message on its field,
// the first broken rule in the order the server reads the fields. Whether a slug is taken is the
// store's question (the database's unique index, the mock world's list), answered with
// CATALOG_INPUT_MESSAGES.
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugifyName } from './catalog';
import type { RuleIssue, RuleResult } from './variant';
import { ruleRefusal as refuse } from './rule';

export const CATALOG_INPUT_LIMITS = {
  brandName: 120,
  brandDescription: 2000,
  brandSeoTitle: 120,
  brandSeoDescription: 320,
  categoryName: 80,
  logoUrl: 500,
} as const;

const L = CATALOG_INPUT_LIMITS;

export const CATALOG_INPUT_MESSAGES = {
  slugInvalid: `Slug inválido: use de 1 a ${MAX_SLUG_LENGTH} letras minúsculas sem acento, números e hífens entre palavras (ex.: camiseta-basica).`,
  slugFromName: 'Não foi possível gerar um slug a partir do nome; informe um slug.',
  color: 'Cor inválida: use o formato hexadecimal #RRGGBB (ex.: #1A73E8).',
  logo: 'Logo inválido: envie a imagem pelo upload ou use um endereço https.',
  position: 'A posição não pode ser negativa.',
  brandSlugTaken: 'Já existe uma marca com este slug.',
  categorySlugTaken: 'Já existe uma categoria com este slug.',
  /** categoryCreate's parent that no category is. */
  categoryNotFound: 'Categoria não encontrada.',
  /** categoryUpdate's. */
  parentNotFound: 'Categoria pai não encontrada.',
  parentCycle: 'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
  /** categoryMove's. */
  moveTargetNotFound: 'Categoria de destino não encontrada.',
  moveCycle: 'Uma categoria não pode ficar dentro dela mesma.',
  brandInUse: (name: string, products: number) =>
    `Não é possível excluir a marca ${name}: ela tem ${products} produto(s). Exclua ou mova os produtos antes.`,
} as const;

const M = CATALOG_INPUT_MESSAGES;

function capitalize(label: string): string {
  // Labels start with an article ('o nome'): drop it at the start of a sentence.
  const withoutArticle = label.replace(/^(o|a|os|as) /, '');
  return withoutArticle.charAt(0).toUpperCase() + withoutArticle.slice(1);
}

/**
 * A text trimmed, at most `max` characters (UTF-16 units, as the columns count). `label` names it
 * with its article ('o nome da marca'): 'Informe o nome da marca.', 'Nome da marca deve ter no
 * máximo 120 caracteres.'. An optional blank text is null.
 */
export function checkRequiredText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): RuleResult<string> {
  const text = value?.trim() ?? '';
  if (!text) return refuse(field, `Informe ${label}.`);
  if (text.length > max) {
    return refuse(field, `${capitalize(label)} deve ter no máximo ${max} caracteres.`);
  }
  return { ok: true, value: text };
}

export function checkOptionalText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): RuleResult<string | null> {
  const text = value?.trim() ?? '';
  if (!text) return { ok: true, value: null };
  return checkRequiredText(text, field, label, max);
}

/** The slug given (trimmed, lower-case words and hyphens, ≤ 80), or one made from the name. */
export function checkSlug(
  given: string | null | undefined,
  name: string,
  field: string,
): RuleResult<string> {
  if (given !== null && given !== undefined) {
    const slug = given.trim();
    if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH)
      return refuse(field, M.slugInvalid);
    return { ok: true, value: slug };
  }
  const slug = slugifyName(name);
  return slug ? { ok: true, value: slug } : refuse(field, M.slugFromName);
}

/** '#1A73E8' -> '#1a73e8'. */
export function checkHexColor(value: string, field: string): RuleResult<string> {
  const color = value.trim();
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) return refuse(field, M.color);
  return { ok: true, value: color.toLowerCase() };
}

/** The WHATWG URL parser, global in Node and in browsers alike (the rules have neither's types). */
const WebUrl = (globalThis as unknown as { URL: new (url: string) => { protocol: string } }).URL;

/** A file the store's upload answered: /media/<file>. */
export function isMediaPath(url: string): boolean {
  return /^\/media\/[\w.-]+$/.test(url);
}

/**
 * A logo is an uploaded file (`isUpload`: /media/... on the server) or an https address of at
 * most 500 characters; blank is none.
 */
export function checkLogoUrl(
  value: string | null | undefined,
  field: string,
  isUpload: (url: string) => boolean = isMediaPath,
): RuleResult<string | null> {
  const url = value?.trim() ?? '';
  if (!url) return { ok: true, value: null };
  if (isUpload(url)) return { ok: true, value: url };
  try {
    if (new WebUrl(url).protocol === 'https:' && url.length <= L.logoUrl)
      return { ok: true, value: url };
  } catch {
    // falls through to the refusal below
  }
  return refuse(field, M.logo);
}

export interface BrandInput {
  slug?: string | null;
  name: string;
  description?: string | null;
  color: string;
  logoUrl?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** true by default; absent on update: unchanged. */
  active?: boolean | null;
}

export interface BrandValues {
  slug: string;
  name: string;
  description: string;
  color: string;
  logoUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  active: boolean;
}

/**
 * A brand's input (brandCreate; brandUpdate with the `current` brand: an absent slug keeps its
 * slug, an absent `active` its state), on 'input.<field>', in the server's order.
 */
export function checkBrandInput(
  input: BrandInput,
  current: { slug: string; active: boolean } | null,
  options: { isUpload?: (url: string) => boolean } = {},
): RuleResult<BrandValues> {
  const name = checkRequiredText(input.name, 'input.name', 'o nome da marca', L.brandName);
  if (!name.ok) return name;
  const slug =
    (input.slug === undefined || input.slug === null) && current
      ? { ok: true as const, value: current.slug }
      : checkSlug(input.slug, name.value, 'input.slug');
  if (!slug.ok) return slug;
  const description = checkOptionalText(
    input.description,
    'input.description',
    'a descrição',
    L.brandDescription,
  );
  if (!description.ok) return description;
  const color = checkHexColor(input.color, 'input.color');
  if (!color.ok) return color;
  const logoUrl = checkLogoUrl(input.logoUrl, 'input.logoUrl', options.isUpload);
  if (!logoUrl.ok) return logoUrl;
  const seoTitle = checkOptionalText(
    input.seoTitle,
    'input.seoTitle',
    'o título para buscadores',
    L.brandSeoTitle,
  );
  if (!seoTitle.ok) return seoTitle;
  const seoDescription = checkOptionalText(
    input.seoDescription,
    'input.seoDescription',
    'a descrição para buscadores',
    L.brandSeoDescription,
  );
  if (!seoDescription.ok) return seoDescription;
  return {
    ok: true,
    value: {
      slug: slug.value,
      name: name.value,
      description: description.value ?? '',
      color: color.value,
      logoUrl: logoUrl.value,
      seoTitle: seoTitle.value,
      seoDescription: seoDescription.value,
      active: input.active ?? current?.active ?? true,
    },
  };
}

/**
 * A category's name and slug (categoryCreate; categoryUpdate with the current slug, which an
 * absent slug keeps), on 'input.name' and 'input.slug'.
 */
export function checkCategoryInput(
  input: { name: string; slug?: string | null },
  currentSlug: string | null,
): RuleResult<{ name: string; slug: string }> {
  const name = checkRequiredText(input.name, 'input.name', 'o nome da categoria', L.categoryName);
  if (!name.ok) return name;
  const slug =
    (input.slug === undefined || input.slug === null) && currentSlug !== null
      ? { ok: true as const, value: currentSlug }
      : checkSlug(input.slug, name.value, 'input.slug');
  if (!slug.ok) return slug;
  return { ok: true, value: { name: name.value, slug: slug.value } };
}

/** A category of the tree, as far as its place goes. */
export interface CategoryPlace {
  id: string;
  parentId: string | null;
}

/**
 * Whether category `id` (null: a new one) may go under `parentId` in `categories` (the whole
 * tree): the parent exists and is neither the category nor one of its subcategories. Each
 * operation answers in its own words: categoryCreate and categoryUpdate on 'input.parentId',
 * categoryMove on 'parentId'.
 */
export function categoryParentRefusal(
  categories: readonly CategoryPlace[],
  id: string | null,
  parentId: string | null,
  operation: 'create' | 'update' | 'move',
): RuleIssue | null {
  if (parentId === null) return null;
  const field = operation === 'move' ? 'parentId' : 'input.parentId';
  const byId = new Map(categories.map((category) => [category.id, category]));
  if (!byId.has(parentId)) {
    const message = {
      create: M.categoryNotFound,
      update: M.parentNotFound,
      move: M.moveTargetNotFound,
    };
    return { field, message: message[operation] };
  }
  // Walk up from the new parent: meeting the category would make a cycle.
  for (let at: string | null = parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
    if (at === id) return { field, message: operation === 'move' ? M.moveCycle : M.parentCycle };
  }
  return null;
}

/** A position among siblings: a whole number from 0 (beyond the last: last). */
export function categoryPositionRefusal(position: number, field: string): RuleIssue | null {
  return Number.isInteger(position) && position >= 0 ? null : { field, message: M.position };
}

/**
 * Why a category cannot be deleted now, and what to do (null: it can be): its products first,
 * then its subcategories ('A categoria Acessórios tem 3 produtos: mova-os para outra categoria
 * antes de excluí-la.'). On the field 'id'.
 */
export function categoryDeleteRefusal(
  name: string,
  products: number,
  subcategories: number,
): string | null {
  const which = `A categoria ${name}`;
  if (products > 0) {
    return products === 1
      ? `${which} tem 1 produto: mova-o para outra categoria antes de excluí-la.`
      : `${which} tem ${products} produtos: mova-os para outra categoria antes de excluí-la.`;
  }
  if (subcategories > 0) {
    return subcategories === 1
      ? `${which} tem 1 subcategoria: mova-a ou exclua-a antes.`
      : `${which} tem ${subcategories} subcategorias: mova-as ou exclua-as antes.`;
  }
  return null;
}
