// The staff half of the catalog domain (spread into catalog/catalog.ts): brands and categories
// (brandCreate/Update, categoryCreate/Update/Delete/Move) and the product CSV import
// (productImport*), answering as the API does: ADMIN only for brands and categories, ADMIN and
// BRAND_MANAGER for imports, the server's refusals in Portuguese with extensions.field.
//
// An import's preview is ready on the first read after productImportCreate (PREVIEWING, then
// READY or FAILED); once applied, each productImport read advances appliedRows by a quarter of
// the rows until APPLIED, so a screen polling it sees the progress move.
import {
  CATALOG_INPUT_MESSAGES,
  categoryDeleteRefusal,
  categoryParentRefusal,
  categoryPositionRefusal,
  checkBrandInput,
  checkCategoryInput,
  isMediaPath,
  parsePriceCents,
  type BrandInput,
  type RuleIssue,
  type RuleResult,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { BrandFixture, CatalogFixtures, CategoryFixture } from './catalog.fixtures';
import type { PRODUCT_CSV_HEADER } from './catalogStructure.fixtures';
import {
  arrangeCategoryTree,
  flattenCategoryTree,
  type CatalogStructureFixtures,
  type ProductImportFixture,
  type ProductImportRowFixture,
} from './catalogStructure.fixtures';
import type { StaffFixture } from '../auth/staff.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

function requireAdmin(context: RequestContext, what: string): StaffFixture {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') throw forbidden(`Somente administradores podem ${what}.`);
  return staff;
}

export const IMPORT_FORBIDDEN =
  'Somente administradores e gerentes de marca podem importar produtos.';

function requireImporter(context: RequestContext): StaffFixture {
  const staff = requireStaff(context);
  if (staff.role === 'SUPPORT') throw forbidden(IMPORT_FORBIDDEN);
  return staff;
}

/** 'Calças Jeans' -> 'calcas-jeans', as @vitrine/rules' slugs. */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const flat = (categories: CategoryFixture[]) => flattenCategoryTree(categories);

/**
 * The catalog of this mock world, made its own before the first change: the domain builds each
 * world's catalog over the same fixture objects (a story's `catalogMock.answers(...)` input), so
 * changing them in place would leak into the next story. Brands, the category tree and the
 * imports are copied once per world; the copies are changed freely.
 */
const owned = new WeakSet<CatalogFixtures>();

function cloneTree(categories: CategoryFixture[]): CategoryFixture[] {
  return categories.map((category) => ({ ...category, children: cloneTree(category.children) }));
}

function own(context: RequestContext): CatalogStructureFixtures {
  const catalog = context.world.catalog as CatalogStructureFixtures;
  if (!owned.has(catalog)) {
    owned.add(catalog);
    catalog.brands = catalog.brands.map((brand) => ({ ...brand }));
    catalog.categories = cloneTree(catalog.categories);
    arrangeCategoryTree(catalog);
    catalog.productImports = (catalog.productImports ?? []).map((item) => ({
      ...item,
      rows: [...item.rows],
    }));
  }
  return catalog;
}

function importsOf(context: RequestContext): ProductImportFixture[] {
  const catalog = own(context);
  catalog.productImports ??= [];
  return catalog.productImports;
}

function siblingsOf(catalog: CatalogFixtures, parentId: string | null): CategoryFixture[] {
  if (parentId === null) return catalog.categories;
  const parent = flat(catalog.categories).find((item) => item.id === parentId);
  // The parent was checked by the caller (categoryParentRefusal): a missing one is a mock bug.
  if (!parent) throw new Error(`Mock catalog: no category ${parentId}.`);
  return parent.children;
}

function findCategory(catalog: CatalogFixtures, id: string) {
  const found = flat(catalog.categories).find((item) => item.id === id);
  if (!found) throw notFound('Categoria não encontrada.');
  return found;
}

function detach(catalog: CatalogFixtures, category: CategoryFixture) {
  const siblings = siblingsOf(catalog, category.parentId);
  siblings.splice(siblings.indexOf(category), 1);
}

/** A rule's value, or its refusal as the server throws it (BAD_USER_INPUT on the field). */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badInput(result.issue.message, result.issue.field);
  return result.value;
}

function refuseIf(issue: RuleIssue | null): void {
  if (issue) throw badInput(issue.message, issue.field);
}

/** The slug another brand or category already has: the server's unique index refuses it. */
function refuseTakenSlug(
  taken: { id: string; slug: string }[],
  slug: string,
  selfId: string | null,
  message: string,
) {
  if (taken.some((item) => item.slug === slug && item.id !== selfId)) {
    throw badInput(message, 'input.slug');
  }
}

// ---- brands ----------------------------------------------------------------------------------

/** The server takes /media/<file> and https addresses; the mock's uploads are data: pictures. */
const isMockUpload = (url: string) => isMediaPath(url) || url.startsWith('data:image/');

/** The brand's values by the server's rule (@vitrine/rules checkBrandInput), its slug free. */
function brandValues(
  catalog: CatalogFixtures,
  input: BrandInput,
  current: BrandFixture | null,
): Omit<BrandFixture, 'id' | 'productCount'> {
  const values = ruled(checkBrandInput(input, current, { isUpload: isMockUpload }));
  refuseTakenSlug(
    catalog.brands,
    values.slug,
    current?.id ?? null,
    CATALOG_INPUT_MESSAGES.brandSlugTaken,
  );
  return values;
}

/** Puts `category` among `siblings` at `position` (absent or beyond the end: last). */
function place(siblings: CategoryFixture[], category: CategoryFixture, position?: number | null) {
  siblings.splice(Math.min(position ?? siblings.length, siblings.length), 0, category);
}

// ---- imports ---------------------------------------------------------------------------------

/** A file sent as base64: its text, UTF-8 when the bytes are UTF-8, else Windows-1252. */
export function decodeBase64(content: string): string | null {
  try {
    const binary = atob(content);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  } catch {
    return null;
  }
}

/** Splits a CSV line on the separator, honouring double quotes. */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char ?? '';
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

const formatCents = (cents: number) =>
  `R$ ${(cents / 100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/** Reads the file as the server's preview would: one outcome per variant row. */
function previewOf(
  catalog: CatalogFixtures,
  text: string,
): { rows: ProductImportRowFixture[] } | { error: string } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const headerLine = lines[0] ?? '';
  const separator = headerLine.includes(';') ? ';' : ',';
  const header = splitLine(headerLine, separator);
  const column = (name: (typeof PRODUCT_CSV_HEADER)[number]) => header.indexOf(name);
  const skuAt = column('SKU');
  if (skuAt < 0 || column('Nome') < 0 || column('Preço') < 0) {
    return {
      error:
        'O arquivo não tem as colunas SKU, Nome e Preço: use o modelo de importação (a primeira linha são os nomes das colunas).',
    };
  }
  if (lines.length < 2) return { error: 'O arquivo não tem nenhuma linha de produto.' };
  const variants = catalog.products.flatMap((product) =>
    product.variants.map((variant) => ({ product, variant })),
  );
  const rows = lines.slice(1).map((line, index): ProductImportRowFixture => {
    const cells = splitLine(line, separator);
    const cell = (name: (typeof PRODUCT_CSV_HEADER)[number]) => cells[column(name)] ?? '';
    const sku = cell('SKU').toUpperCase() || null;
    const slug = cell('Identificador URL') || slugify(cell('Nome')) || null;
    const base = { line: index + 2, sku, productSlug: slug, changes: [] };
    if (sku === null) {
      return {
        ...base,
        outcome: 'REFUSED',
        message: 'SKU ausente: cada linha precisa do SKU da variação.',
      };
    }
    const existing = variants.find(({ variant }) => variant.sku === sku);
    // As the server: in an update a blank cell leaves the field as it is; [apagar] empties an
    // optional one (Descrição here) and refuses the row in a required column.
    const clear = (name: (typeof PRODUCT_CSV_HEADER)[number]) =>
      cell(name).toLowerCase() === '[apagar]';
    if (existing && (clear('Nome') || clear('Preço'))) {
      const name = clear('Nome') ? 'Nome' : 'Preço';
      return {
        ...base,
        outcome: 'REFUSED',
        message: `A coluna "${name}" não pode ser apagada ([apagar] vale só para colunas opcionais)`,
      };
    }
    const price =
      existing && cell('Preço') === ''
        ? existing.variant.priceCents
        : parsePriceCents(cell('Preço'));
    if (price === null) {
      return {
        ...base,
        outcome: 'REFUSED',
        message: `Preço inválido: "${cell('Preço')}". Use números, como 129,90.`,
      };
    }
    if (!existing) {
      if (cell('Nome') === '') {
        return { ...base, outcome: 'REFUSED', message: 'Nome ausente para um produto novo.' };
      }
      return { ...base, outcome: 'CREATE', message: null };
    }
    const changes: { field: string; before: string; after: string }[] = [];
    const shown = (text: string) => (text.trim() === '' ? '—' : text.trim());
    if (column('Descrição') >= 0 && cell('Descrição') !== '') {
      const after = clear('Descrição') ? '' : cell('Descrição');
      if (after !== existing.product.description) {
        changes.push({
          field: 'Descrição',
          before: shown(existing.product.description),
          after: shown(after),
        });
      }
    }
    if (existing.variant.priceCents !== price) {
      changes.push({
        field: 'Preço',
        before: formatCents(existing.variant.priceCents),
        after: formatCents(price),
      });
    }
    const stock = cell('Estoque');
    if (stock !== '' && Number(stock) !== existing.variant.stock) {
      changes.push({ field: 'Estoque', before: String(existing.variant.stock), after: stock });
    }
    return {
      ...base,
      productSlug: existing.product.slug,
      outcome: changes.length > 0 ? 'UPDATE' : 'UNCHANGED',
      message:
        changes.length > 0
          ? changes
              .map((change) => `${change.field}: ${change.before} → ${change.after}`)
              .join('; ')
          : null,
      changes,
    };
  });
  return { rows };
}

/** What an import answers: the fixture with its counts and its rows as a field with arguments. */
function importAnswer(item: ProductImportFixture) {
  const count = (outcome: ProductImportRowFixture['outcome']) =>
    item.rows.filter((row) => row.outcome === outcome).length;
  return {
    ...item,
    totalRows: item.rows.length,
    createCount: count('CREATE'),
    updateCount: count('UPDATE'),
    unchangedCount: count('UNCHANGED'),
    refusedCount: count('REFUSED'),
    rows: ({
      outcome,
      first,
      offset,
    }: {
      outcome?: ProductImportRowFixture['outcome'] | null;
      first?: number | null;
      offset?: number | null;
    }) => {
      const size = first ?? 50;
      if (size < 1 || size > 200) throw badInput('first deve estar entre 1 e 200.', 'first');
      const start = offset ?? 0;
      if (start < 0) throw badInput('offset não pode ser negativo.', 'offset');
      return item.rows
        .filter((row) => !outcome || row.outcome === outcome)
        .slice(start, start + size);
    },
  };
}

function findImport(context: RequestContext, id: string): ProductImportFixture {
  const staff = requireImporter(context);
  const found = importsOf(context).find(
    (item) => item.id === id && (staff.role === 'ADMIN' || item.staffId === staff.id),
  );
  if (!found) throw notFound('Importação não encontrada.');
  return found;
}

/** One step of the background work the server does between two reads. */
function advance(item: ProductImportFixture) {
  if (item.status === 'PREVIEWING') {
    item.status = item.error ? 'FAILED' : 'READY';
  } else if (item.status === 'APPLYING') {
    // As the server counts: the rows to create or update (refused and unchanged ones are not
    // applied).
    const total = item.rows.filter(
      (row) => row.outcome === 'CREATE' || row.outcome === 'UPDATE',
    ).length;
    item.appliedRows = Math.min(total, item.appliedRows + Math.max(1, Math.ceil(total / 4)));
    if (item.appliedRows >= total) item.status = 'APPLIED';
  }
}

let importSequence = 0;

export const staffCatalogStructureResolvers = {
  brandCreate: ({ input }: { input: BrandInput }, context: RequestContext) => {
    requireAdmin(context, 'criar marcas');
    const catalog = own(context);
    const brand: BrandFixture = {
      id: `brand-${catalog.brands.length + 1}-${slugify(input.name)}`,
      productCount: 0,
      ...brandValues(catalog, input, null),
    };
    catalog.brands.push(brand);
    return brand;
  },
  brandUpdate: ({ id, input }: { id: string; input: BrandInput }, context: RequestContext) => {
    requireAdmin(context, 'alterar marcas');
    const catalog = own(context);
    const brand = catalog.brands.find((item) => item.id === id);
    if (!brand) throw notFound('Marca não encontrada.');
    Object.assign(brand, brandValues(catalog, input, brand));
    return brand;
  },

  categoryCreate: (
    {
      input,
    }: {
      input: {
        slug?: string | null;
        name: string;
        parentId?: string | null;
        position?: number | null;
      };
    },
    context: RequestContext,
  ) => {
    requireAdmin(context, 'criar categorias');
    const catalog = own(context);
    const all = flat(catalog.categories);
    // The server's rules (@vitrine/rules), in its order; then its unique slug.
    const { name, slug } = ruled(checkCategoryInput(input, null));
    const parentId = input.parentId ?? null;
    refuseIf(categoryParentRefusal(all, null, parentId, 'create'));
    if (input.position != null) refuseIf(categoryPositionRefusal(input.position, 'input.position'));
    refuseTakenSlug(all, slug, null, CATALOG_INPUT_MESSAGES.categorySlugTaken);
    const category = {
      id: `cat-${slug}`,
      slug,
      name,
      parentId,
      children: [],
      path: [],
    } satisfies CategoryFixture;
    place(siblingsOf(catalog, parentId), category, input.position);
    arrangeCategoryTree(catalog);
    return category;
  },
  categoryUpdate: (
    {
      id,
      input,
    }: {
      id: string;
      input: {
        slug?: string | null;
        name: string;
        parentId?: string | null;
        position?: number | null;
      };
    },
    context: RequestContext,
  ) => {
    requireAdmin(context, 'alterar categorias');
    const catalog = own(context);
    const all = flat(catalog.categories);
    const category = findCategory(catalog, id);
    const { name, slug } = ruled(checkCategoryInput(input, category.slug));
    // Absent keeps the parent; an explicit null moves the category to the top level.
    const parentId = input.parentId === undefined ? category.parentId : input.parentId;
    refuseIf(categoryParentRefusal(all, id, parentId, 'update'));
    if (input.position != null) refuseIf(categoryPositionRefusal(input.position, 'input.position'));
    refuseTakenSlug(all, slug, id, CATALOG_INPUT_MESSAGES.categorySlugTaken);
    Object.assign(category, { name, slug });
    if (parentId !== category.parentId || input.position != null) {
      detach(catalog, category);
      category.parentId = parentId;
      place(siblingsOf(catalog, parentId), category, input.position);
    }
    arrangeCategoryTree(catalog);
    return category;
  },
  categoryDelete: ({ id }: { id: string }, context: RequestContext) => {
    requireAdmin(context, 'excluir categorias');
    const catalog = own(context);
    const category = findCategory(catalog, id);
    const used = catalog.products.filter((product) => product.category.id === id).length;
    // The server's explained refusal (@vitrine/rules): its products first, then its subcategories.
    const refusal = categoryDeleteRefusal(category.name, used, category.children.length);
    if (refusal) throw badInput(refusal, 'id');
    detach(catalog, category);
    arrangeCategoryTree(catalog);
    return true;
  },
  categoryMove: (
    { id, parentId, position }: { id: string; parentId?: string | null; position: number },
    context: RequestContext,
  ) => {
    requireAdmin(context, 'mover categorias');
    const catalog = own(context);
    arrangeCategoryTree(catalog);
    // As the server checks: the position, the category, then its new parent.
    refuseIf(categoryPositionRefusal(position, 'position'));
    const category = findCategory(catalog, id);
    const target = parentId ?? null;
    refuseIf(categoryParentRefusal(flat(catalog.categories), id, target, 'move'));
    detach(catalog, category);
    category.parentId = target;
    place(siblingsOf(catalog, target), category, position);
    return arrangeCategoryTree(catalog);
  },

  productImports: ({ first }: { first?: number | null }, context: RequestContext) => {
    const staff = requireImporter(context);
    return importsOf(context)
      .filter((item) => staff.role === 'ADMIN' || item.staffId === staff.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, first ?? 10)
      .map(importAnswer);
  },
  productImport: ({ id }: { id: string }, context: RequestContext) => {
    const item = findImport(context, id);
    const answer = importAnswer(item);
    advance(item); // the next read sees the work the server did meanwhile
    return answer;
  },
  productImportCreate: (
    { input }: { input: { fileName: string; contentBase64: string } },
    context: RequestContext,
  ) => {
    const staff = requireImporter(context);
    const fileName = input.fileName.trim();
    if (!/\.(csv|txt)$/i.test(fileName)) {
      throw badInput('Envie um arquivo .csv.', 'input.fileName');
    }
    const text = decodeBase64(input.contentBase64);
    if (text === null)
      throw badInput('O conteúdo do arquivo não é base64 válido.', 'input.contentBase64');
    const preview = previewOf(context.world.catalog, text);
    importSequence += 1;
    const item: ProductImportFixture = {
      id: `import-new-${importSequence}`,
      fileName,
      status: 'PREVIEWING',
      createdAt: new Date().toISOString(),
      staffName: staff.name,
      staffId: staff.id,
      appliedRows: 0,
      error: 'error' in preview ? preview.error : null,
      rows: 'rows' in preview ? preview.rows : [],
    };
    importsOf(context).unshift(item);
    return importAnswer(item);
  },
  productImportApply: ({ id }: { id: string }, context: RequestContext) => {
    const item = findImport(context, id);
    if (item.status !== 'READY') {
      throw badInput('Só uma importação pronta (com a prévia) pode ser aplicada.', 'id');
    }
    if (item.rows.every((row) => row.outcome === 'REFUSED' || row.outcome === 'UNCHANGED')) {
      throw badInput('Nada a aplicar: todas as linhas estão sem mudança ou recusadas.', 'id');
    }
    item.status = 'APPLYING';
    return importAnswer(item);
  },
  productImportDiscard: ({ id }: { id: string }, context: RequestContext) => {
    const item = findImport(context, id);
    if (item.status !== 'READY' && item.status !== 'FAILED') {
      throw badInput('Só uma importação ainda não aplicada pode ser descartada.', 'id');
    }
    item.status = 'DISCARDED';
    return importAnswer(item);
  },
} satisfies RootResolvers;
