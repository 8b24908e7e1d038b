import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchSheet, type SearchSuggestion } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

const striped = storefrontProduct('camiseta-listrada-marinheira');
const basic = storefrontProduct('camiseta-basica-algodao');
const suggestions: SearchSuggestion[] = [
  { id: 'b1', kind: 'brand', label: 'Aurora Têxtil', href: '/marcas/aurora', detail: 'Marca' },
  ...[striped, basic].map((product): SearchSuggestion => ({
    id: product.id,
    kind: 'product',
    label: product.name,
    href: `/produto/${product.slug}`,
    detail: `${product.brand.name} · R$ 89,90`,
    imageUrl: product.images[0]?.url ?? null,
  })),
];

const phone375 = { viewport: { value: 'phone375', isRotated: false } };
const phone320 = { viewport: { value: 'phone320', isRotated: false } };

const meta = {
  title: 'Components/Storefront/SearchSheet',
  component: SearchSheet,
  parameters: {
    docs: {
      description: {
        component: `
A busca do celular: uma folha sobre a página (um diálogo, a tela inteira abaixo de 600 px) com o
campo na largura toda, as sugestões enquanto se digita numa lista da largura da tela e, antes de
digitar, as buscas recentes feitas neste aparelho (até 8, com "Limpar"). O botão de busca do
cabeçalho a abre no celular, onde o cabeçalho não tem lugar para um campo.

Teclado como na busca do cabeçalho (\`SearchBox\`): as setas andam pela lista, Enter abre a sugestão
destacada ou busca as palavras digitadas; Esc fecha a folha. O foco vai para o campo ao abrir, com o
texto já buscado selecionado (digitar o substitui); ao fechar, o cabeçalho devolve o foco ao botão.

**Quando usar**

- No celular, aberta pelo botão de busca do cabeçalho (a tela da loja a carrega na primeira vez que
  o botão é tocado).

**Quando não usar**

- Do \`sm\` (600 px) para cima: lá o cabeçalho tem o campo com sugestões (\`SearchBox\`).
- Para filtrar uma lista já aberta (pedidos, produtos do painel): um campo simples.

**Estados**: \`RecentSearches\` (buscas recentes, antes de digitar), \`Suggestions\` (a 375 px) e
\`SuggestionsSmallPhone\` (a 320 px) com "camizeta" digitado, \`Loading\` ("Buscando…"),
\`NoSuggestions\` e \`Empty\` (nenhuma busca recente).
`,
      },
    },
  },
  args: {
    open: true,
    suggestions: [],
    recentSearches: ['camiseta listrada', 'tênis de trilha', 'bolsa de palha'],
    onClose: fn(),
    onQueryChange: fn(),
    onSubmit: fn(),
    onSelect: fn(),
    onClearRecentSearches: fn(),
  },
} satisfies Meta<typeof SearchSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Antes de digitar: as buscas feitas neste aparelho, da mais recente para a mais antiga. */
export const RecentSearches: Story = {
  tags: ['every-brand-and-width'],
  globals: phone375,
  play: async ({ args }) => {
    const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    const field = within(sheet).getByRole('combobox', { name: 'Buscar produtos' });
    await waitFor(() => expect(field).toHaveFocus());
    const recent = within(sheet).getByRole('listbox', { name: 'Buscas recentes' });
    await expect(within(recent).getAllByRole('option')).toHaveLength(3);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('camiseta listrada');
  },
};

/**
 * The field and the list take the phone's whole width: what is typed stays in view and the
 * suggestions overlap nothing (issue 28: at 375 px the header's field was 60 px wide).
 */
async function typeAndMeasure(args: { onSelect: unknown }) {
  const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
  const field = within(sheet).getByRole('combobox', { name: 'Buscar produtos' });
  await userEvent.type(field, 'camizeta');
  const list = within(sheet).getByRole('listbox', { name: 'Sugestões' });
  await expect(within(list).getAllByRole('option')).toHaveLength(3);

  const width = window.innerWidth;
  const frame = field.closest('label')!.getBoundingClientRect();
  await expect(frame.width).toBeGreaterThanOrEqual(width * 0.9);
  const input = field as HTMLInputElement;
  await expect(input.value).toBe('camizeta');
  await expect(input.scrollWidth).toBeLessThanOrEqual(input.clientWidth);
  const box = list.getBoundingClientRect();
  await expect(box.width).toBeGreaterThanOrEqual(width * 0.95);
  await expect(box.top).toBeGreaterThanOrEqual(frame.bottom);
  for (const option of within(list).getAllByRole('option')) {
    const rect = option.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    await expect(option.contains(hit)).toBe(true);
  }

  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  await expect(field).toHaveAttribute(
    'aria-activedescendant',
    within(list).getAllByRole('option')[1]!.id,
  );
  await userEvent.keyboard('{Enter}');
  await expect(args.onSelect).toHaveBeenCalledWith(suggestions[1]);
  await expect(input).toHaveValue('camizeta');
}

export const Suggestions: Story = {
  args: { suggestions },
  globals: phone375,
  play: async ({ args }) => typeAndMeasure(args),
};

export const SuggestionsSmallPhone: Story = {
  args: { suggestions },
  globals: phone320,
  play: async ({ args }) => typeAndMeasure(args),
};

export const Loading: Story = {
  args: { loading: true, defaultQuery: 'tênis' },
  globals: phone375,
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    await expect(within(sheet).getByRole('status')).toHaveTextContent('Buscando…');
  },
};

export const NoSuggestions: Story = {
  args: { defaultQuery: 'xyzzy' },
  globals: phone375,
  play: async ({ args }) => {
    const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    await expect(within(sheet).getByRole('status')).toHaveTextContent(
      'Nenhuma sugestão para “xyzzy”',
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { recentSearches: [] },
  globals: phone375,
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    await expect(
      within(sheet).getByText('Digite o nome de um produto, de uma marca ou de uma categoria.'),
    ).toBeVisible();
    await expect(within(sheet).queryByRole('listbox')).toBeNull();
  },
};
