// Parity table of the catalog domain: variants sent with the product editor's save
// (productSave) and prices set from the grid (variantPriceSet), and what the API answers. The
// same rows run through the real server (packages/api/test/parity.test.ts) and through the MSW
// mocks (packages/ui/src/mocks/parity.test.ts); the answers are written out, not derived.
import type { VariantRuleInput } from '../src/variant';
import type { ParityAnswer } from './orders.cases';

/** A variant as staff send it: the rules' own input type. */
export type ParityVariant = VariantRuleInput;

export interface SavedVariant {
  sku: string;
  size: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  weightGrams: number | null;
  gtin: string | null;
}

/** The save both sides receive; the runner fills the product's name, brand and category. */
export const PRODUCT_SAVE_DOCUMENT = `mutation ($input: ProductSaveInput!) {
  r: productSave(input: $input) {
    variants { sku size priceCents compareAtPriceCents weightGrams gtin }
  }
}`;

export interface ProductSaveCase {
  name: string;
  variants: ParityVariant[];
  /** The product's own fields, over what the runner fills (name, brand, category...). */
  product?: Record<string, unknown>;
  answer: ParityAnswer<{ variants: SavedVariant[] }>;
}

/** Ids well formed for the server that neither world holds. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const photoId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ONE_VARIANT: ParityVariant[] = [{ sku: 'PAR-PROD', priceCents: 9990 }];

const productRefused = (field: string, message: string) => ({
  code: 'BAD_USER_INPUT',
  field: `input.${field}`,
  message,
});

const refused = (field: string, message: string) => ({
  code: 'BAD_USER_INPUT',
  field: `input.variants${field}`,
  message,
});

export const PRODUCT_SAVE_CASES: ProductSaveCase[] = [
  {
    name: 'a good variant, trimmed, its GTIN as digits',
    variants: [
      {
        sku: ' PAR-OK-P ',
        size: ' P ',
        priceCents: 12990,
        compareAtPriceCents: 15990,
        weightGrams: 300,
        gtin: '789 1234-567895',
      },
    ],
    answer: {
      data: {
        variants: [
          {
            sku: 'PAR-OK-P',
            size: 'P',
            priceCents: 12990,
            compareAtPriceCents: 15990,
            weightGrams: 300,
            gtin: '7891234567895',
          },
        ],
      },
    },
  },
  {
    name: 'a "de" price equal to the price',
    variants: [{ sku: 'PAR-DE', priceCents: 9990, compareAtPriceCents: 9990 }],
    answer: refused('.0.compareAtPriceCents', 'O preço "de" deve ser maior que o preço de venda.'),
  },
  {
    name: 'a "de" price above R$ 1.000.000,00',
    variants: [{ sku: 'PAR-DE-MAX', priceCents: 9990, compareAtPriceCents: 100_000_001 }],
    answer: refused(
      '.0.compareAtPriceCents',
      'O preço "de" deve ser de no máximo R$ 1.000.000,00.',
    ),
  },
  {
    name: 'a zero price',
    variants: [{ sku: 'PAR-ZERO', priceCents: 0 }],
    answer: refused('.0.priceCents', 'O preço deve ser maior que zero.'),
  },
  {
    name: 'a price above R$ 1.000.000,00',
    variants: [{ sku: 'PAR-MAX', priceCents: 100_000_001 }],
    answer: refused('.0.priceCents', 'O preço deve ser de no máximo R$ 1.000.000,00.'),
  },
  {
    name: 'a SKU with a space',
    variants: [{ sku: 'PAR 1', priceCents: 9990 }],
    answer: refused(
      '.0.sku',
      'SKU inválido: use de 1 a 64 letras, números, ponto, hífen ou sublinhado.',
    ),
  },
  {
    name: 'a negative stock',
    variants: [{ sku: 'PAR-STOCK', priceCents: 9990, stock: -1 }],
    answer: refused('.0.stock', 'O estoque não pode ser negativo.'),
  },
  {
    name: 'a zero weight',
    variants: [{ sku: 'PAR-PESO', priceCents: 9990, weightGrams: 0 }],
    answer: refused('.0.weightGrams', 'O peso deve ser maior que zero.'),
  },
  {
    name: 'a GTIN with a wrong check digit',
    variants: [{ sku: 'PAR-GTIN', priceCents: 9990, gtin: '7891234567890' }],
    answer: refused(
      '.0.gtin',
      'GTIN/EAN inválido: use 8, 12, 13 ou 14 dígitos com o dígito verificador correto.',
    ),
  },
  {
    name: 'a size of 41 characters',
    variants: [{ sku: 'PAR-TAM', priceCents: 9990, size: 'G'.repeat(41) }],
    answer: refused('.0.size', 'Tamanho deve ter no máximo 40 caracteres.'),
  },
  {
    name: 'a low-stock limit above 100.000',
    variants: [{ sku: 'PAR-LIM', priceCents: 9990, lowStockThreshold: 100_001 }],
    answer: refused(
      '.0.lowStockThreshold',
      'O limite de estoque baixo deve ficar entre 0 e 100.000 unidades.',
    ),
  },
  {
    name: 'one SKU twice',
    variants: [
      { sku: 'PAR-DUP', size: 'P', priceCents: 9990 },
      { sku: 'par-dup', size: 'M', priceCents: 9990 },
    ],
    answer: refused('.1.sku', 'O SKU par-dup aparece mais de uma vez.'),
  },
  {
    name: 'one size and colour twice',
    variants: [
      { sku: 'PAR-OPT-1', size: 'P', color: 'Azul', priceCents: 9990 },
      { sku: 'PAR-OPT-2', size: 'P', color: 'azul', priceCents: 9990 },
    ],
    answer: refused('.1', 'Há duas variantes iguais (tamanho P, cor azul).'),
  },
  {
    name: 'no variant',
    variants: [],
    answer: refused('', 'Cadastre ao menos uma variante do produto.'),
  },
  // The product's own fields (@vitrine/rules checkProductSaveInput, then the store's answers).
  {
    name: 'a blank name',
    variants: ONE_VARIANT,
    product: { name: '   ' },
    answer: productRefused('name', 'Informe o nome do produto.'),
  },
  {
    name: 'a name of 201 characters',
    variants: ONE_VARIANT,
    product: { name: 'N'.repeat(201) },
    answer: productRefused('name', 'Nome do produto deve ter no máximo 200 caracteres.'),
  },
  {
    name: 'a description of 10.001 characters',
    variants: ONE_VARIANT,
    product: { description: 'd'.repeat(10_001) },
    answer: productRefused('description', 'A descrição deve ter no máximo 10.000 caracteres.'),
  },
  {
    name: 'a slug with no letter nor digit',
    variants: ONE_VARIANT,
    product: { slug: '!!!' },
    answer: productRefused(
      'slug',
      'Slug inválido: use letras, números e hífens (ex.: camiseta-basica).',
    ),
  },
  {
    name: 'a title for search engines of 71 characters',
    variants: ONE_VARIANT,
    product: { seoTitle: 't'.repeat(71) },
    answer: productRefused('seoTitle', 'Título para buscadores deve ter no máximo 70 caracteres.'),
  },
  {
    name: 'a brand neither world holds',
    variants: ONE_VARIANT,
    product: { brandId: NO_SUCH_ID },
    answer: productRefused('brandId', 'Marca não encontrada.'),
  },
  {
    name: 'a category neither world holds',
    variants: ONE_VARIANT,
    product: { categoryId: NO_SUCH_ID },
    answer: productRefused('categoryId', 'Categoria não encontrada.'),
  },
  {
    name: '21 photos',
    variants: ONE_VARIANT,
    product: { images: Array.from({ length: 21 }, (_, n) => ({ id: photoId(n + 1), alt: '' })) },
    answer: productRefused('images', 'Um produto pode ter no máximo 20 fotos.'),
  },
  {
    name: 'one photo twice',
    variants: ONE_VARIANT,
    product: {
      images: [
        { id: photoId(1), alt: '' },
        { id: photoId(1), alt: '' },
      ],
    },
    answer: productRefused('images.1.id', 'A mesma foto aparece mais de uma vez.'),
  },
  {
    name: 'a photo never uploaded',
    variants: ONE_VARIANT,
    product: { images: [{ id: photoId(7), alt: '' }] },
    answer: productRefused('images.0.id', 'Foto não encontrada: envie-a antes de salvar.'),
  },
  {
    name: 'a variant of no product',
    variants: [{ id: NO_SUCH_ID, sku: 'PAR-PROD', priceCents: 9990 } as ParityVariant],
    answer: refused('.0.id', 'Variante não encontrada neste produto.'),
  },
];

/** A grid price change on a variant saved with `stored` first. */
export const VARIANT_PRICE_DOCUMENT = `mutation ($id: ID!, $priceCents: Int!, $compareAtPriceCents: Int) {
  r: variantPriceSet(id: $id, priceCents: $priceCents, compareAtPriceCents: $compareAtPriceCents) {
    priceCents compareAtPriceCents
  }
}`;

/** The same change with the "de" price left out (the grid sends the price alone). */
export const VARIANT_PRICE_ALONE_DOCUMENT = `mutation ($id: ID!, $priceCents: Int!) {
  r: variantPriceSet(id: $id, priceCents: $priceCents) { priceCents compareAtPriceCents }
}`;

export interface VariantPriceCase {
  name: string;
  stored: { priceCents: number; compareAtPriceCents: number | null };
  /** compareAtPriceCents absent: sent with VARIANT_PRICE_ALONE_DOCUMENT. */
  set: { priceCents: number; compareAtPriceCents?: number | null };
  answer: ParityAnswer<{ priceCents: number; compareAtPriceCents: number | null }>;
}

export const VARIANT_PRICE_CASES: VariantPriceCase[] = [
  {
    name: 'the price alone keeps the stored "de" price',
    stored: { priceCents: 25990, compareAtPriceCents: 29990 },
    set: { priceCents: 24990 },
    answer: { data: { priceCents: 24990, compareAtPriceCents: 29990 } },
  },
  {
    name: 'the price alone reaching the stored "de" price',
    stored: { priceCents: 25990, compareAtPriceCents: 29990 },
    set: { priceCents: 29990 },
    answer: {
      code: 'BAD_USER_INPUT',
      field: 'priceCents',
      message:
        'O preço deve ser menor que o preço "de" (R$ 299,90): mude o preço "de" no editor do produto.',
    },
  },
  {
    name: 'a null "de" price clears it',
    stored: { priceCents: 25990, compareAtPriceCents: 29990 },
    set: { priceCents: 25990, compareAtPriceCents: null },
    answer: { data: { priceCents: 25990, compareAtPriceCents: null } },
  },
  {
    name: 'a new "de" price below the price',
    stored: { priceCents: 25990, compareAtPriceCents: null },
    set: { priceCents: 25990, compareAtPriceCents: 19990 },
    answer: {
      code: 'BAD_USER_INPUT',
      field: 'compareAtPriceCents',
      message: 'O preço "de" deve ser maior que o preço de venda.',
    },
  },
  {
    name: 'a zero price',
    stored: { priceCents: 25990, compareAtPriceCents: null },
    set: { priceCents: 0 },
    answer: {
      code: 'BAD_USER_INPUT',
      field: 'priceCents',
      message: 'O preço deve ser maior que zero.',
    },
  },
];
