// Parity table of the catalog's structure (brandCreate, brandUpdate, categoryCreate,
// categoryUpdate, categoryMove: what the dashboard's Brands and Categories screens send), and
// what the API answers: the brand's and the category's fields in the server's order, a slug taken
// by a brand or category of the store, a category placed under itself, each refusal with its
// Portuguese message and field (@vitrine/rules catalog.input). The same rows run through the real server
// (packages/api/test/parity.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.test.ts); the answers are written out.
//
// The ids differ between the two worlds, so a row names them symbolically and each runner puts
// its own: KNOWN_BRAND_ID and KNOWN_BRAND_SLUG (a brand its world has), KNOWN_CATEGORY_ID and
// KNOWN_CATEGORY_SLUG (a category). Each row starts from the same world on the mocks; on the
// server the rows that create something use slugs no other row uses.
import type { ParityAnswer } from './orders.cases';
import { slugifyName } from '../src/catalog';
import { parityData, type ParityAsk } from './answer';

export const CATALOG_STRUCTURE_DOCUMENTS = {
  brandCreate: `mutation ($input: BrandInput!) {
  r: brandCreate(input: $input) { name slug description color logoUrl seoTitle seoDescription }
}`,
  brandUpdate: `mutation ($id: ID!, $input: BrandInput!) {
  r: brandUpdate(id: $id, input: $input) { name color }
}`,
  categoryCreate: `mutation ($input: CategoryInput!) {
  r: categoryCreate(input: $input) { name slug parentId }
}`,
  categoryUpdate: `mutation ($id: ID!, $input: CategoryInput!) {
  r: categoryUpdate(id: $id, input: $input) { name }
}`,
  categoryMove: `mutation ($id: ID!, $parentId: ID, $position: Int!) {
  r: categoryMove(id: $id, parentId: $parentId, position: $position) { name }
}`,
} as const;

export type CatalogStructureOperation = keyof typeof CATALOG_STRUCTURE_DOCUMENTS;

/** Replaced by each runner: the id of a brand its world has. */
export const KNOWN_BRAND_ID = '<known-brand-id>';
/** Replaced by each runner: the id of a category its world has. */
export const KNOWN_CATEGORY_ID = '<known-category-id>';
/** Replaced by each runner: that brand's slug. */
export const KNOWN_BRAND_SLUG = 'known-brand-slug';
/** Replaced by each runner: that category's slug. */
export const KNOWN_CATEGORY_SLUG = 'known-category-slug';
/** A well-formed id no category has. */
export const UNKNOWN_CATEGORY_ID = '00000000-0000-4000-8000-00000000c0de';

export interface CatalogStructureCase {
  name: string;
  operation: CatalogStructureOperation;
  /** Who asks (ADMIN unless told). */
  caller?: 'ADMIN' | 'SUPPORT';
  variables: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

const SLUG_INVALID =
  'Slug inválido: use de 1 a 80 letras minúsculas sem acento, números e hífens entre palavras (ex.: camiseta-basica).';
const LOGO_INVALID = 'Logo inválido: envie a imagem pelo upload ou use um endereço https.';
const COLOR_INVALID = 'Cor inválida: use o formato hexadecimal #RRGGBB (ex.: #1A73E8).';

const brand = (input: Record<string, unknown>) => ({
  input: { name: 'Marca Paridade', color: '#1A73E8', ...input },
});
const category = (input: Record<string, unknown>) => ({
  input: { name: 'Categoria Paridade', ...input },
});

export const CATALOG_STRUCTURE_CASES: CatalogStructureCase[] = [
  {
    name: 'a brand, trimmed, its slug made from the name and its colour in lower case',
    operation: 'brandCreate',
    variables: brand({
      name: '  Ipê Paridade ',
      description: ' Roupas leves. ',
      logoUrl: ' https://cdn.vitrine.test/ipe.png ',
      seoTitle: '   ',
    }),
    answer: {
      data: {
        name: 'Ipê Paridade',
        slug: 'ipe-paridade',
        description: 'Roupas leves.',
        color: '#1a73e8',
        logoUrl: 'https://cdn.vitrine.test/ipe.png',
        seoTitle: null,
        seoDescription: null,
      },
    },
  },
  {
    name: 'a brand with the slug of a brand the store has',
    operation: 'brandCreate',
    variables: brand({ slug: KNOWN_BRAND_SLUG }),
    answer: refused('input.slug', 'Já existe uma marca com este slug.'),
  },
  {
    name: 'a brand without a name, and a bad colour: the name first',
    operation: 'brandCreate',
    variables: brand({ name: '   ', color: 'azul' }),
    answer: refused('input.name', 'Informe o nome da marca.'),
  },
  {
    name: 'a brand name of 121 characters',
    operation: 'brandCreate',
    variables: brand({ name: 'a'.repeat(121) }),
    answer: refused('input.name', 'Nome da marca deve ter no máximo 120 caracteres.'),
  },
  {
    name: 'a slug with capitals and accents',
    operation: 'brandCreate',
    variables: brand({ slug: 'Ipê-Paridade' }),
    answer: refused('input.slug', SLUG_INVALID),
  },
  {
    name: 'a name with nothing to make a slug from',
    operation: 'brandCreate',
    variables: brand({ name: '!!!' }),
    answer: refused(
      'input.slug',
      'Não foi possível gerar um slug a partir do nome; informe um slug.',
    ),
  },
  {
    name: 'a brand description of 2001 characters, and a bad colour: the description first',
    operation: 'brandCreate',
    variables: brand({ description: 'd'.repeat(2001), color: 'azul' }),
    answer: refused('input.description', 'Descrição deve ter no máximo 2000 caracteres.'),
  },
  {
    name: 'a colour without its #',
    operation: 'brandCreate',
    variables: brand({ color: '1A73E8' }),
    answer: refused('input.color', COLOR_INVALID),
  },
  {
    name: 'a logo over http',
    operation: 'brandCreate',
    variables: brand({ logoUrl: 'http://cdn.vitrine.test/logo.png' }),
    answer: refused('input.logoUrl', LOGO_INVALID),
  },
  {
    name: 'a logo with a script address',
    operation: 'brandCreate',
    variables: brand({ logoUrl: 'javascript:alert(1)' }),
    answer: refused('input.logoUrl', LOGO_INVALID),
  },
  {
    name: 'a search title of 121 characters',
    operation: 'brandCreate',
    variables: brand({ seoTitle: 't'.repeat(121) }),
    answer: refused('input.seoTitle', 'Título para buscadores deve ter no máximo 120 caracteres.'),
  },
  {
    name: 'a search description of 321 characters',
    operation: 'brandCreate',
    variables: brand({ seoDescription: 's'.repeat(321) }),
    answer: refused(
      'input.seoDescription',
      'Descrição para buscadores deve ter no máximo 320 caracteres.',
    ),
  },
  {
    name: 'a brand created by support',
    operation: 'brandCreate',
    caller: 'SUPPORT',
    variables: brand({ slug: 'marca-de-suporte' }),
    answer: { code: 'FORBIDDEN', message: 'Somente administradores podem criar marcas.' },
  },
  {
    name: 'a brand changed to a bad colour',
    operation: 'brandUpdate',
    variables: { id: KNOWN_BRAND_ID, ...brand({ color: '#12345' }) },
    answer: refused('input.color', COLOR_INVALID),
  },
  {
    name: 'a category, trimmed, its slug made from the name',
    operation: 'categoryCreate',
    variables: category({ name: ' Calças Paridade ' }),
    answer: { data: { name: 'Calças Paridade', slug: 'calcas-paridade', parentId: null } },
  },
  {
    name: 'a category with the slug of a category the store has',
    operation: 'categoryCreate',
    variables: category({ slug: KNOWN_CATEGORY_SLUG }),
    answer: refused('input.slug', 'Já existe uma categoria com este slug.'),
  },
  {
    name: 'a category without a name',
    operation: 'categoryCreate',
    variables: category({ name: '' }),
    answer: refused('input.name', 'Informe o nome da categoria.'),
  },
  {
    name: 'a category name of 81 characters',
    operation: 'categoryCreate',
    variables: category({ name: 'c'.repeat(81) }),
    answer: refused('input.name', 'Nome da categoria deve ter no máximo 80 caracteres.'),
  },
  {
    name: 'a category under an unknown parent',
    operation: 'categoryCreate',
    variables: category({ slug: 'sem-pai', parentId: UNKNOWN_CATEGORY_ID }),
    answer: refused('input.parentId', 'Categoria não encontrada.'),
  },
  {
    name: 'a category at a negative position',
    operation: 'categoryCreate',
    variables: category({ slug: 'posicao-negativa', position: -1 }),
    answer: refused('input.position', 'A posição não pode ser negativa.'),
  },
  {
    name: 'a category renamed to a blank name',
    operation: 'categoryUpdate',
    variables: { id: KNOWN_CATEGORY_ID, ...category({ name: '  ' }) },
    answer: refused('input.name', 'Informe o nome da categoria.'),
  },
  {
    name: 'a category put under itself',
    operation: 'categoryUpdate',
    variables: { id: KNOWN_CATEGORY_ID, ...category({ parentId: KNOWN_CATEGORY_ID }) },
    answer: refused(
      'input.parentId',
      'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
    ),
  },
  {
    name: 'a category put under an unknown parent',
    operation: 'categoryUpdate',
    variables: { id: KNOWN_CATEGORY_ID, ...category({ parentId: UNKNOWN_CATEGORY_ID }) },
    answer: refused('input.parentId', 'Categoria pai não encontrada.'),
  },
  {
    name: 'a category moved under itself',
    operation: 'categoryMove',
    variables: { id: KNOWN_CATEGORY_ID, parentId: KNOWN_CATEGORY_ID, position: 0 },
    answer: refused('parentId', 'Uma categoria não pode ficar dentro dela mesma.'),
  },
  {
    name: 'a category moved under an unknown parent',
    operation: 'categoryMove',
    variables: { id: KNOWN_CATEGORY_ID, parentId: UNKNOWN_CATEGORY_ID, position: 0 },
    answer: refused('parentId', 'Categoria de destino não encontrada.'),
  },
  {
    name: 'a category moved to a negative position, under itself: the position first',
    operation: 'categoryMove',
    variables: { id: KNOWN_CATEGORY_ID, parentId: KNOWN_CATEGORY_ID, position: -1 },
    answer: refused('position', 'A posição não pode ser negativa.'),
  },
];

// ---------------------------------------------------------------------------------------------
// Deleting a category the store uses: a category made for the row, with `subcategories` under it
// and `products` in it, then deleted. The refusal names it and counts what holds it, in
// @vitrine/rules' words; an unused one goes. Both runners run the same script
// (`runCatalogDeleteCase`) with their own `ask` and a brand of its world. (No
// screen deletes a brand, and the mocks do not answer brandDelete: the server's own tests cover it.)

export interface CatalogDeleteCase {
  name: string;
  /** The category's name. */
  label: string;
  products: number;
  subcategories?: number;
  answer: ParityAnswer<unknown>;
}

export const CATALOG_DELETE_CASES: CatalogDeleteCase[] = [
  {
    name: 'an empty category is deleted',
    label: 'Apagar Vazia',
    products: 0,
    answer: { data: true },
  },
  {
    name: 'a category with one product is kept, the product counted in the singular',
    label: 'Apagar Um Produto',
    products: 1,
    answer: refused(
      'id',
      'A categoria Apagar Um Produto tem 1 produto: mova-o para outra categoria antes de excluí-la.',
    ),
  },
  {
    name: 'a category with two products is kept',
    label: 'Apagar Dois Produtos',
    products: 2,
    answer: refused(
      'id',
      'A categoria Apagar Dois Produtos tem 2 produtos: mova-os para outra categoria antes de excluí-la.',
    ),
  },
  {
    name: 'a category with a subcategory is kept',
    label: 'Apagar Com Filha',
    products: 0,
    subcategories: 1,
    answer: refused(
      'id',
      'A categoria Apagar Com Filha tem 1 subcategoria: mova-a ou exclua-a antes.',
    ),
  },
];

const DELETE_SCRIPT = {
  categoryCreate: `mutation ($input: CategoryInput!) { r: categoryCreate(input: $input) { id } }`,
  productSave: `mutation ($input: ProductSaveInput!) { r: productSave(input: $input) { id } }`,
  categoryDelete: `mutation ($id: ID!) { r: categoryDelete(id: $id) }`,
} as const;

async function made(ask: ParityAsk, query: string, variables: Record<string, unknown>) {
  return parityData<{ id: string }>(await ask(query, variables)).id;
}

/** The row's script on one side: make, fill, delete; the answer of the delete. */
export async function runCatalogDeleteCase(
  row: CatalogDeleteCase,
  ask: ParityAsk,
  known: { brandId: string; categoryId: string },
): Promise<ParityAnswer<unknown>> {
  const slug = slugifyName(row.label);
  const id = await made(ask, DELETE_SCRIPT.categoryCreate, { input: { name: row.label, slug } });
  for (let n = 1; n <= (row.subcategories ?? 0); n += 1) {
    await made(ask, DELETE_SCRIPT.categoryCreate, {
      input: { name: `${row.label} ${n}`, slug: `${slug}-${n}`, parentId: id },
    });
  }
  for (let n = 1; n <= row.products; n += 1) {
    await made(ask, DELETE_SCRIPT.productSave, {
      input: {
        name: `${row.label} produto ${n}`,
        description: '',
        brandId: known.brandId,
        categoryId: id,
        published: false,
        featured: false,
        images: [],
        variants: [{ sku: `${slug}-${n}`.toUpperCase(), priceCents: 5000, stock: 1 }],
      },
    });
  }
  return ask(DELETE_SCRIPT.categoryDelete, { id });
}
