import type { Meta, StoryObj } from '@storybook/react-vite';
import { BrandView, EMPTY_FILTER_SELECTION, type BrandViewData } from '@vitrine/ui';
import { expect, fn, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { cards, catalog, facets, phone } from './storefrontStoryData';

function brand(slug: string): BrandViewData {
  const found = catalog.brands.find((item) => item.slug === slug);
  if (!found) throw new globalThis.Error(`No demo brand ${slug}`);
  return {
    slug: found.slug,
    name: found.name,
    description: found.description,
    color: found.color,
    logoUrl: found.logoUrl,
    productCount: found.productCount,
  };
}

const brandCards = (name: string) => cards().filter((card) => card.brandName === name);

/** '/marcas/:slug' as a pure View: the brand's hero and catalog in a theme made from its colour. */
const meta = {
  title: 'Screens/Storefront/Brand/View',
  component: BrandView,
  parameters: {
    docs: {
      description: {
        component: `
A página da marca (\`/marcas/:slug\`), pura: o destaque da marca (logo, descrição) e o catálogo dela
(a \`ListingView\`, sem o filtro de marca) num tema feito da cor da marca — escurecida quando texto
e botões não leriam sobre ela —, ou a página 404. Não envia nada: quem a alimenta é o
\`BrandScreen\`.

**Estados**

- \`Default\` / \`Playground\`: Aurora, e uma cor nova de teste.
- \`Loading\` (destaque em esqueleto nas cores da loja), \`CatalogLoading\`, \`Error\` ("Tentar
  novamente"), \`EmptyCatalog\` e \`NotFound\`.
- \`Mare\`, \`Serra\` e \`Lumi\` (sem logo: a inicial).
- \`MidToneColour\` / \`PhoneMidTone\` (azul-céu escurecido até 4,5:1) e \`LightColour\` (âmbar).
- \`Phone\`: 320 px, sem rolagem lateral.
- \`SquareBadgeLogo\` / \`SquareBadgeLogoPhone\`: logo quadrado, inteiro no quadro.

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
  },
  args: {
    brand: brand('aurora'),
    status: 'ready',
    catalogStatus: 'ready',
    products: brandCards('Aurora'),
    totalCount: brandCards('Aurora').length,
    facets,
    filters: EMPTY_FILTER_SELECTION,
    onFiltersChange: fn(),
    sort: 'NEWEST',
    onSortChange: fn(),
    nextPageHref: null,
    onRetry: fn(),
  },
} satisfies Meta<typeof BrandView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Aurora' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Logo Aurora' })).toBeVisible();
  },
};
export const Playground: Story = {
  args: { brand: { ...brand('aurora'), name: 'Casa Aurora', color: '#1f3a8a' } },
};
/** A marca está a caminho: um esqueleto do destaque nas cores da loja. */
export const Loading: Story = {
  args: { brand: null, status: 'loading', products: [], totalCount: 0, facets: null },
};
/** A marca já é conhecida; os produtos dela ainda estão a caminho. */
export const CatalogLoading: Story = {
  args: { catalogStatus: 'loading', products: [], totalCount: 0, facets: null },
};
export const Error: Story = {
  args: { brand: null, status: 'error', products: [], totalCount: 0, facets: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
/** Uma marca ainda sem nenhum produto à venda. */
export const EmptyCatalog: Story = {
  args: {
    brand: { ...brand('lumi'), productCount: 0 },
    products: [],
    totalCount: 0,
  },
};
export const NotFound: Story = {
  args: { brand: null, status: 'notFound' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  },
};
export const Mare: Story = {
  args: {
    brand: brand('mare'),
    products: brandCards('Maré'),
    totalCount: brandCards('Maré').length,
  },
};
export const Serra: Story = {
  args: {
    brand: brand('serra'),
    products: brandCards('Serra'),
    totalCount: brandCards('Serra').length,
  },
};
/** Uma marca sem logo mostra a inicial dela. */
export const Lumi: Story = {
  args: {
    brand: brand('lumi'),
    products: brandCards('Lumi'),
    totalCount: brandCards('Lumi').length,
  },
};
/**
 * Uma cor de tom médio que a equipe pode escolher (azul-celeste): branco sobre ela não daria para
 * ler, então o tema a escurece até que links e textos de botão cheguem a 4,5:1.
 */
export const MidToneColour: Story = {
  args: { brand: { ...brand('mare'), name: 'Céu', color: '#3fa7d6' } },
};
/** Um âmbar claro: escurecido para o texto, ainda reconhecível como a cor da marca. */
export const LightColour: Story = {
  args: { brand: { ...brand('aurora'), name: 'Sol', color: '#e0a000' } },
};
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Aurora' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
/** Capturada em 375 px pelo script visual. */
export const PhoneMidTone: Story = {
  ...MidToneColour,
  tags: ['mobile'],
};

/**
 * A square badge logo, as the demo store's brands have (issue 12, item 8: the "GU" badge of Garoa
 * Urbana was cut in half): the whole badge shows, at desktop and phone width.
 */
const squareBadge = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" rx="48" fill="#7c2d12"/><circle cx="120" cy="120" r="84" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/><text x="120" y="146" font-family="DejaVu Sans, Arial, sans-serif" font-size="76" font-weight="bold" text-anchor="middle" fill="#ffffff">GU</text></svg>',
)}`;

export const SquareBadgeLogo: Story = {
  args: { brand: { ...brand('aurora'), name: 'Garoa Urbana', logoUrl: squareBadge } },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', { name: 'Logo Garoa Urbana' });
    await waitForImage(logo as HTMLImageElement);
    const box = logo.getBoundingClientRect();
    const frame = logo.parentElement!.getBoundingClientRect();
    // The badge is drawn whole: square, and inside its frame.
    await expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
    await expect(box.top).toBeGreaterThanOrEqual(frame.top - 0.5);
    await expect(box.bottom).toBeLessThanOrEqual(frame.bottom + 0.5);
    await expect(box.left).toBeGreaterThanOrEqual(frame.left - 0.5);
    await expect(box.right).toBeLessThanOrEqual(frame.right + 0.5);
  },
};

export const SquareBadgeLogoPhone: Story = { ...SquareBadgeLogo, globals: phone };

async function waitForImage(image: HTMLImageElement): Promise<void> {
  if (image.complete) return;
  await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
}
