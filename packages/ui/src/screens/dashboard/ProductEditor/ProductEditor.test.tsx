// The product editor: the form's rules (ProductSaveInput, the variant matrix, money, GTIN, the
// server's field paths; the merge after a version conflict is productMerge.test.ts) and the screen against the
// MSW mock (slug check, a server field error at its field, the version conflict with another tab's
// save, the publication switch, a refused photo).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { duplicateSkuMessage, formatBRL, NO_VARIANTS_MESSAGE } from '@vitrine/rules';
import { print } from 'graphql';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { catalogMock, handlerList, makeAccessToken, makeStaff } from '../../../mocks';
import type { CatalogFixtures } from '../../../mocks/catalog/catalog.fixtures';
import {
  CONCURRENT_EDIT_PRODUCT_ID,
  makeProductEditorCatalog,
} from '../../../mocks/catalog/staffProductEditor';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { applyFormat } from './ProductEditorView';
import { ProductEditorScreen } from './ProductEditorScreen';
import { PRODUCT_EDITOR_QUERY, PRODUCT_SAVE_MUTATION } from './ProductEditorScreen.graphql';
import {
  droppedWithOrders,
  emptyForm,
  fieldLabel,
  fieldOfPath,
  formFromProduct,
  gtinError,
  toSaveInput,
  validateForm,
  variantMatrix,
  withSuggestedSkus,
  type EditorProduct,
  type ProductForm,
  type ProductSaveInput,
} from './productForm';
import { fileRefusal, NOT_AN_IMAGE, TOO_LARGE, type UploadImage } from './uploadImage';

function editorProduct(overrides: Partial<EditorProduct> = {}): EditorProduct {
  return {
    id: 'product-1',
    version: 4,
    slug: 'camiseta-basica',
    name: 'Camiseta básica',
    description: 'Algodão.',
    brand: { id: 'brand-aurora', name: 'Aurora', slug: 'aurora' },
    category: { id: 'cat-camisetas', name: 'Camisetas' },
    published: true,
    featured: false,
    seoTitle: null,
    seoDescription: null,
    ncm: null,
    cest: null,
    origin: 0,
    taxSituation: null,
    images: [{ id: 'img-1', url: '/media/img-1.webp', alt: 'Frente' }],
    variants: [
      {
        id: 'v-p',
        sku: 'CAM-P',
        size: 'P',
        color: 'Azul',
        priceCents: 12990,
        compareAtPriceCents: null,
        stock: 5,
        weightGrams: 200,
        lengthCm: 30,
        widthCm: 20,
        heightCm: 2,
        gtin: null,
        lowStockThreshold: null,
        hasOrders: true,
      },
    ],
    ...overrides,
  };
}

describe('GTIN', () => {
  it('checks the GTIN as typed: digits, length, check digit', () => {
    expect(gtinError('')).toBeNull();
    expect(gtinError('789 1234-567895')).toBeNull();
    expect(gtinError('7891234567896')).toMatch(/Dígito verificador/);
    expect(gtinError('78912')).toMatch(/8, 12, 13 ou 14 dígitos \(5 digitados\)/);
    expect(gtinError('78912345678A')).toMatch(/só dígitos/);
  });
});

describe('the variant matrix', () => {
  it('makes every size with every colour, keeps rows already there, suggests SKUs', () => {
    const form = formFromProduct(editorProduct());
    const rows = variantMatrix(['P', 'M'], ['Azul', 'Preto'], form.variants, 'camiseta-basica');
    expect(rows.map((row) => `${row.size}/${row.color}`)).toEqual([
      'P/Azul',
      'P/Preto',
      'M/Azul',
      'M/Preto',
    ]);
    expect(rows[0]).toBe(form.variants[0]);
    expect(rows[1]?.sku).toBe('CAMISETA-BASICA-P-PRETO');
    expect(rows[1]?.id).toBeNull();
  });

  it('uses one axis alone, or one variant without options', () => {
    expect(variantMatrix(['P', 'M'], [], [], 'x').map((row) => row.size)).toEqual(['P', 'M']);
    const single = variantMatrix([], [], [], 'bone');
    expect(single).toHaveLength(1);
    expect(single[0]?.sku).toBe('BONE');
  });

  it('names the variants with orders a new matrix would drop', () => {
    const form = formFromProduct(editorProduct());
    const after = variantMatrix(['M'], ['Azul'], form.variants, 'camiseta-basica');
    expect(droppedWithOrders(form.variants, after).map((row) => row.sku)).toEqual(['CAM-P']);
  });

  it('lets suggested SKUs follow the slug but keeps the ones typed by hand', () => {
    const rows = variantMatrix(['P'], ['Azul'], [], 'camiseta');
    const typed = { ...rows[0]!, key: 'typed', size: 'M', sku: 'MEU-SKU', skuEdited: true };
    const next = withSuggestedSkus([rows[0]!, typed], 'regata');
    expect(next.map((row) => row.sku)).toEqual(['REGATA-P-AZUL', 'MEU-SKU']);
  });
});

describe('form -> ProductSaveInput', () => {
  it('maps a loaded product back to the same input, leaving an unchanged stock out', () => {
    const input = toSaveInput(formFromProduct(editorProduct()));
    expect(input).toEqual({
      slug: 'camiseta-basica',
      name: 'Camiseta básica',
      description: 'Algodão.',
      brandId: 'brand-aurora',
      categoryId: 'cat-camisetas',
      published: true,
      featured: false,
      seoTitle: null,
      seoDescription: null,
      ncm: null,
      cest: null,
      origin: 0,
      taxSituation: null,
      images: [{ id: 'img-1', alt: 'Frente' }],
      variants: [
        {
          id: 'v-p',
          sku: 'CAM-P',
          size: 'P',
          color: 'Azul',
          priceCents: 12990,
          compareAtPriceCents: null,
          weightGrams: 200,
          lengthCm: 30,
          widthCm: 20,
          heightCm: 2,
          gtin: null,
          lowStockThreshold: null,
        },
      ],
    });
  });

  it('sends edited values: money, a changed stock, a GTIN without spaces, the slug from the name', () => {
    const form: ProductForm = {
      ...emptyForm('brand-aurora'),
      name: '  Tênis Corrida Leve ',
      categoryId: 'cat-calcados',
      seoTitle: '   ',
      photos: [
        {
          key: 'a',
          id: 'upload-1',
          url: '/u.webp',
          alt: ' ',
          fileName: 'a.jpg',
          status: 'done',
          progress: 100,
          error: null,
        },
        {
          key: 'b',
          id: null,
          url: null,
          alt: '',
          fileName: 'b.gif',
          status: 'error',
          progress: null,
          error: NOT_AN_IMAGE,
        },
      ],
    };
    form.variants = [
      {
        ...form.variants[0]!,
        price: '1.299,90',
        compareAt: '1.499,90',
        stock: '7',
        gtin: '789 1234-567895',
        weight: '350',
      },
    ];
    const input = toSaveInput(form);
    expect(input.slug).toBe('tenis-corrida-leve');
    expect(input.name).toBe('Tênis Corrida Leve');
    expect(input.seoTitle).toBeNull();
    expect(input.images).toEqual([{ id: 'upload-1', alt: null }]);
    expect(input.variants[0]).toMatchObject({
      priceCents: 129990,
      compareAtPriceCents: 149990,
      stock: 7,
      gtin: '7891234567895',
      weightGrams: 350,
      size: null,
      color: null,
    });
    expect(input.variants[0]).not.toHaveProperty('id');
  });

  it('refuses before sending what the form can tell', () => {
    const form = emptyForm();
    form.variants = [{ ...form.variants[0]!, price: '12,3a', compareAt: '1,00', gtin: '123' }];
    form.seoTitle = 'x'.repeat(71);
    expect(validateForm(form)).toEqual({
      name: 'Informe o nome do produto.',
      brandId: 'Escolha a marca.',
      categoryId: 'Escolha a categoria.',
      seoTitle: 'Título para buscadores deve ter no máximo 70 caracteres.',
      'variants.0.sku': 'Informe o SKU.',
      'variants.0.priceCents': 'Informe o preço, como 129,90.',
      'variants.0.gtin': 'O GTIN tem 8, 12, 13 ou 14 dígitos (3 digitados).',
    });
  });

  it('checks the whole save as the server does once every field reads well', () => {
    const form = formFromProduct(editorProduct());
    const first = form.variants[0]!;
    form.variants = [first, { ...first, id: null, key: 'copy', sku: first.sku.toLowerCase() }];
    expect(validateForm(form)).toEqual({
      'variants.1.sku': duplicateSkuMessage(first.sku.toLowerCase()),
    });
    expect(validateForm({ ...form, variants: [] })).toEqual({ variants: NO_VARIANTS_MESSAGE });
  });
});

describe('server field paths', () => {
  it('maps input paths to the form fields and labels them', () => {
    expect(fieldOfPath('input.variants.2.gtin')).toBe('variants.2.gtin');
    expect(fieldOfPath('input.slug')).toBe('slug');
    expect(fieldOfPath('input.images.1.alt')).toBe('photos.1.alt');
    expect(fieldOfPath('input.images.1.id')).toBe('photos');
    expect(fieldOfPath('input.images')).toBe('photos');
    expect(fieldOfPath('expectedVersion')).toBeNull();
    expect(fieldOfPath(null)).toBeNull();
    const form = formFromProduct(editorProduct());
    expect(fieldLabel('variants.0.gtin', form)).toBe('Variação 1 (P / Azul): GTIN');
    expect(fieldLabel('seoTitle', form)).toBe('Título para buscadores');
  });
});

describe('the description toolbar', () => {
  it('wraps the selection in bold or italic, and lines in a list', () => {
    expect(applyFormat('um dois', 3, 7, 'bold')).toEqual({ text: 'um **dois**', start: 5, end: 9 });
    expect(applyFormat('um', 2, 2, 'italic').text).toBe('um*itálico*');
    expect(applyFormat('a\nb\nc', 2, 5, 'list').text).toBe('a\n- b\n- c');
  });
});

describe('photo refusals before upload', () => {
  it('refuses what is not an image and files over 10 MB', () => {
    expect(fileRefusal({ type: 'application/pdf', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(fileRefusal({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(TOO_LARGE);
    expect(fileRefusal({ type: 'image/webp', size: 1000 })).toBeNull();
  });
});

const SCREEN_TEST_TIMEOUT = 60_000;

function renderEditor(
  route: string,
  uploadImage?: UploadImage,
  catalog: CatalogFixtures = makeProductEditorCatalog(),
) {
  signInAsStaff();
  server.use(...handlerList({ catalog: catalogMock.answers(catalog) }));
  return renderAt(
    route,
    <>
      <Route
        path="/dashboard/produtos/novo"
        element={<ProductEditorScreen {...(uploadImage ? { uploadImage } : {})} />}
      />
      <Route path="/dashboard/produtos/:id" element={<ProductEditorScreen />} />
      <Route path="/dashboard/produtos" element={<p>Lista de produtos</p>} />
    </>,
  );
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Another browser tab of a staff member: the same API, its own requests. */
async function otherTab<T>(query: string, variables: Record<string, unknown>) {
  const staff = makeStaff();
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${makeAccessToken(staff.id, staff.email)}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer<T>;
}

interface SaveVariables {
  id: string | null;
  expectedVersion: number | null;
  input: ProductSaveInput;
}

const stopRecording: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopRecording.splice(0)) stop();
});

/** The variables of every ProductSave the editor sends. */
function recordSaves() {
  const sent: SaveVariables[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: SaveVariables;
    };
    if (body.operationName === 'ProductSave' && body.variables) sent.push(body.variables);
  };
  server.events.on('request:start', listener);
  stopRecording.push(() => server.events.removeListener('request:start', listener));
  return sent;
}

/** The editor's fixtures with the dress at R$ 149,90, "de" R$ 179,90, 5 in stock. */
function catalogWithDressOnSale(): CatalogFixtures {
  const catalog = makeProductEditorCatalog();
  catalog.products = catalog.products.map((product) =>
    product.id === 'product-vestido'
      ? {
          ...product,
          variants: product.variants.map((variant) => ({
            ...variant,
            priceCents: 14990,
            compareAtPriceCents: 17990,
            stock: 5,
          })),
        }
      : product,
  );
  return catalog;
}

describe('ProductEditorScreen', () => {
  it(
    'suggests the slug from the name and says when it is taken',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/novo');
      const name = await screen.findByRole('textbox', { name: /Nome/ });
      await user.type(name, 'Camiseta Básica');
      expect(screen.getByRole('textbox', { name: 'Endereço (slug)' })).toHaveValue(
        'camiseta-basica',
      );
      expect(await screen.findByText(/Já usado por outro produto/)).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Usar camiseta-basica-2' }));
      expect(screen.getByRole('textbox', { name: 'Endereço (slug)' })).toHaveValue(
        'camiseta-basica-2',
      );
      expect(await screen.findByText('Endereço disponível.')).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'creates a product: one productSave, then the editor of the saved product',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/novo');
      const name = await screen.findByRole('textbox', { name: /Nome/ });
      await user.click(name);
      await user.paste('Regata Leve');
      await user.click(screen.getByRole('combobox', { name: /Marca/ }));
      await user.click(await screen.findByRole('option', { name: 'Maré' }));
      await user.click(screen.getByRole('combobox', { name: /Categoria/ }));
      await user.click(await screen.findByRole('option', { name: 'Camisetas' }));
      await user.click(screen.getByRole('textbox', { name: 'Preço' }));
      await user.paste('49,90');
      expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveValue('REGATA-LEVE');
      await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
      await waitFor(() =>
        expect(screen.getByTestId('location').textContent).toMatch(
          /^\/dashboard\/produtos\/product-novo-/,
        ),
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Editar Regata Leve' }),
      ).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'Preço' })).toHaveValue('49,90');
      expect(screen.getByText('Tudo salvo')).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'shows a server field error at its field and in the summary',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/product-vestido');
      const sku = await screen.findByRole('textbox', { name: 'SKU' });
      await user.clear(sku);
      await user.type(sku, 'CAMISETA-BASICA-P-BRANCO');
      await user.click(screen.getByRole('button', { name: /^Salvar/ }));
      const summary = await screen.findByRole('alert');
      expect(within(summary).getByText('Corrija 1 campo para salvar')).toBeVisible();
      expect(
        within(summary).getByRole('link', { name: 'Variação 1 (Único): SKU' }),
      ).toHaveAttribute('href', '#produto-variants-0-sku');
      expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveAccessibleDescription(
        /^O SKU CAMISETA-BASICA-P-BRANCO já é usado por outro produto \(Camiseta .+\)\.$/,
      );
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    "after another tab saved the 'de' price, continuing keeps it and sends only my stock",
    async () => {
      const { user } = renderEditor(
        '/dashboard/produtos/product-vestido',
        undefined,
        catalogWithDressOnSale(),
      );
      const stock = await screen.findByRole('textbox', { name: 'Estoque' });
      expect(screen.getByRole('textbox', { name: 'Preço "de"' })).toHaveValue('179,90');

      // Tab 1 loads the same version and saves "Preço de" 189,90.
      const loaded = await otherTab<{ adminProduct: EditorProduct }>(print(PRODUCT_EDITOR_QUERY), {
        id: 'product-vestido',
      });
      const before = loaded.data!.adminProduct;
      const tab1Input = toSaveInput(formFromProduct(before));
      tab1Input.variants[0]!.compareAtPriceCents = 18990;
      const tab1 = await otherTab<{ productSave: EditorProduct }>(print(PRODUCT_SAVE_MUTATION), {
        id: before.id,
        expectedVersion: before.version,
        input: tab1Input,
      });
      expect(tab1.errors).toBeUndefined();
      const stored = tab1.data!.productSave;
      expect(stored.version).toBe(before.version + 1);

      // Tab 2 (this one) changed the stock: refused with VERSION_CONFLICT.
      const saves = recordSaves();
      await user.clear(stock);
      await user.type(stock, '9');
      await user.click(screen.getByRole('button', { name: /^Salvar/ }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Outra pessoa alterou este produto',
      });
      expect(saves[0]?.expectedVersion).toBe(before.version);
      const theirs = await within(dialog).findByRole('region', {
        name: /Alterações da outra pessoa/,
      });
      expect(theirs).toHaveTextContent('Variação Único: Preço "de"');
      expect(theirs).toHaveTextContent(`Antes: ${formatBRL(17990)}`);
      expect(theirs).toHaveTextContent(`Agora: ${formatBRL(18990)}`);
      const mine = within(dialog).getByRole('region', { name: /Suas alterações/ });
      expect(mine).toHaveTextContent('Variação Único: EstoqueAntes: 5Seu: 9');
      expect(within(dialog).queryByRole('radiogroup')).toBeNull();

      await user.click(within(dialog).getByRole('button', { name: /Continuar editando/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('textbox', { name: 'Preço "de"' })).toHaveValue('189,90');
      expect(screen.getByRole('textbox', { name: 'Estoque' })).toHaveValue('9');
      expect(screen.getByText('Alterações não salvas')).toBeVisible();

      await user.click(screen.getByRole('button', { name: /^Salvar/ }));
      expect(await screen.findByText(/Produto salvo/)).toBeVisible();
      // Sent: the version tab 1 stored, with my stock and nothing else changed.
      const expected = toSaveInput(formFromProduct(stored));
      expect(saves).toHaveLength(2);
      expect(saves[1]).toEqual({
        id: before.id,
        expectedVersion: stored.version,
        input: { ...expected, variants: [{ ...expected.variants[0], stock: 9 }] },
      });
      const after = await otherTab<{ adminProduct: EditorProduct }>(print(PRODUCT_EDITOR_QUERY), {
        id: 'product-vestido',
      });
      expect(after.data?.adminProduct.variants[0]).toMatchObject({
        compareAtPriceCents: 18990,
        stock: 9,
      });
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'asks field by field about what both changed, and keeps what only the other person changed',
    async () => {
      const { user } = renderEditor(`/dashboard/produtos/${CONCURRENT_EDIT_PRODUCT_ID}`);
      const name = await screen.findByRole('textbox', { name: /Nome/ });
      await user.click(name);
      await user.paste(' infantil');
      const description = screen.getByRole('textbox', { name: 'Descrição' });
      await user.clear(description);
      await user.click(description);
      await user.paste('Minha descrição nova.');
      const saves = recordSaves();
      await user.click(screen.getByRole('button', { name: /^Salvar/ }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Outra pessoa alterou este produto',
      });
      // The mock's other person renamed it and raised the price by R$ 10 meanwhile.
      const choice = await within(dialog).findByRole('radiogroup', { name: 'Nome' });
      const keepMine = within(dialog).getByRole('button', { name: /Continuar editando/ });
      expect(keepMine).toBeDisabled();
      expect(within(dialog).getByText('Falta escolher 1 campo.')).toBeVisible();
      expect(
        within(choice).getByRole('radio', { name: /Usar o da outra pessoa/ }),
      ).toHaveAccessibleName('Usar o da outra pessoa: Boné aba curva (nova coleção)');
      expect(
        within(dialog).getByRole('region', { name: /Alterações da outra pessoa/ }),
      ).toHaveTextContent(
        `Variação Preto: PreçoAntes: ${formatBRL(5990)}Agora: ${formatBRL(6990)}`,
      );
      expect(within(dialog).getByRole('region', { name: /Suas alterações/ })).toHaveTextContent(
        'DescriçãoAntes: Boné de sarja com ajuste traseiro.Seu: Minha descrição nova.',
      );
      await user.click(within(choice).getByRole('radio', { name: /Manter o meu/ }));
      expect(within(dialog).getByText('Tudo escolhido.')).toBeVisible();
      await user.click(keepMine);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveValue('Boné aba curva infantil');
      expect(screen.getByRole('textbox', { name: 'Preço' })).toHaveValue('69,90');
      expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveValue(
        'Minha descrição nova.',
      );
      await user.click(screen.getByRole('button', { name: /^Salvar/ }));
      expect(await screen.findByText(/Produto salvo/)).toBeVisible();
      expect(saves.at(-1)?.input).toMatchObject({
        name: 'Boné aba curva infantil',
        description: 'Minha descrição nova.',
        variants: [{ priceCents: 6990 }],
      });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Editar Boné aba curva infantil',
      );
      expect(screen.getByText('Tudo salvo')).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'says what the product is on the site: the switch, the header and the save button',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/novo');
      const draft = await screen.findByRole('switch', { name: 'Rascunho — não aparece no site' });
      expect(draft).not.toBeChecked();
      expect(draft).toHaveAccessibleDescription(
        'Só a equipe vê este produto. Ative para publicá-lo na loja.',
      );
      expect(screen.getByTestId('situacao-do-produto')).toHaveTextContent(
        'Novo — será salvo como rascunho',
      );
      expect(screen.getByRole('button', { name: 'Salvar rascunho' })).toBeVisible();
      await user.click(draft);
      const published = screen.getByRole('switch', { name: 'Publicado no site' });
      expect(published).toBeChecked();
      expect(published).toHaveAccessibleDescription(
        'Os clientes encontram e compram este produto na loja.',
      );
      expect(screen.getByTestId('situacao-do-produto')).toHaveTextContent(
        'Novo — será publicado ao salvar',
      );
      expect(screen.getByRole('button', { name: 'Salvar e publicar' })).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'shows a saved product as published in the header, and what saving will change',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/product-camiseta');
      const published = await screen.findByRole('switch', { name: 'Publicado no site' });
      expect(screen.getByTestId('situacao-do-produto')).toHaveTextContent('Publicado no site');
      await user.click(published);
      expect(screen.getByTestId('situacao-do-produto')).toHaveTextContent(
        'Publicado — vira rascunho ao salvar',
      );
      await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
      expect(await screen.findByText('Produto salvo como rascunho.')).toBeVisible();
      expect(screen.getByTestId('situacao-do-produto')).toHaveTextContent(
        'Rascunho — não aparece no site',
      );
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'uploads photos each with its own state and shows a refusal in Portuguese',
    async () => {
      const upload: UploadImage = (file, onProgress) => {
        onProgress(50);
        return file.type === 'image/png'
          ? Promise.resolve({ id: 'img-cam-1', url: '/ok.webp', width: 800, height: 1000 })
          : Promise.reject(new Error(NOT_AN_IMAGE));
      };
      renderEditor('/dashboard/produtos/novo', upload);
      await screen.findByRole('textbox', { name: /Nome/ });
      fireEvent.drop(screen.getByTestId('zona-de-fotos'), {
        dataTransfer: {
          files: [
            new File(['x'], 'frente.png', { type: 'image/png' }),
            new File(['x'], 'manual.pdf', { type: 'application/pdf' }),
          ],
        },
      });
      const list = await screen.findByRole('list', { name: 'Fotos do produto' });
      expect(await within(list).findByText(NOT_AN_IMAGE)).toBeVisible();
      expect(within(list).getByRole('textbox', { name: 'Texto alternativo' })).toBeVisible();
      expect(within(list).getByText('Principal')).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'sends photos to POST /media/ with the staff token and refuses files over 10 MB first',
    async () => {
      renderEditor('/dashboard/produtos/novo');
      await screen.findByRole('textbox', { name: /Nome/ });
      fireEvent.drop(screen.getByTestId('zona-de-fotos'), {
        dataTransfer: {
          files: [
            new File([new Uint8Array(8)], 'frente.jpg', { type: 'image/jpeg' }),
            new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.png', { type: 'image/png' }),
          ],
        },
      });
      const list = await screen.findByRole('list', { name: 'Fotos do produto' });
      expect(await within(list).findByText(TOO_LARGE)).toBeVisible();
      // The mock answers 201 only with a live staff token: the alt field means it was accepted.
      expect(await within(list).findByRole('textbox', { name: 'Texto alternativo' })).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'asks before leaving with unsaved changes',
    async () => {
      const { user } = renderEditor('/dashboard/produtos/product-vestido');
      const name = await screen.findByRole('textbox', { name: /Nome/ });
      await user.type(name, ' longo');
      await user.click(screen.getByRole('link', { name: 'Produtos' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
      await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/dashboard/produtos/product-vestido',
      );
      await user.click(screen.getByRole('link', { name: 'Produtos' }));
      await user.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
      expect(await screen.findByText('Lista de produtos')).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );
});
