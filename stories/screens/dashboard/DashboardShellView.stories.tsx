import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellView } from '@vitrine/ui';
import { expect, fn, screen, userEvent, within } from 'storybook/test';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

const BRANDS = [
  { id: 'brand-aurora', name: 'Aurora' },
  { id: 'brand-mare', name: 'Maré' },
  { id: 'brand-serra', name: 'Serra' },
];

/** The dashboard frame: navigation by role, account menu, brand selector. */
const meta = {
  title: 'Screens/Dashboard/Shell/View',
  component: DashboardShellView,
  args: {
    storeName: 'Vitrine',
    staff: { name: 'Ana Souza', email: 'admin@vitrine.com.br', role: 'ADMIN' },
    onLogout: fn(),
    onLogoutEverywhere: fn(async () => undefined),
    currentPath: '/dashboard',
    pixToConfirm: 3,
    rejectedInvoices: 2,
    brands: BRANDS,
    brandId: null,
    onBrandChange: fn(),
    children: <Typography>Conteúdo da página</Typography>,
  },
  parameters: {
    docs: {
      description: {
        component: `
A moldura do painel, pura: navegação conforme a função (\`staff.role\`), menu da conta, seletor de
marca e os selos de Pix a conferir e das notas fiscais rejeitadas; no celular, a navegação vira uma gaveta com o seletor de marca no
topo. Tudo chega por props e as ações saem por callbacks (\`onLogout\`, \`onLogoutEverywhere\`,
\`onBrandChange\`). Não envia nada: quem a alimenta é o \`DashboardShellScreen\`.

**Estados**

- \`Default\` / \`Playground\`: ADMIN, todas as seções, os selos do Pix e das notas fiscais
  rejeitadas e o seletor de marca.
- \`BrandManager\`: BRAND_MANAGER de duas marcas, sem Pix; os links levam \`?marca=\`.
- \`Support\`: SUPPORT nos pedidos, com as notas fiscais, sem Pix a conferir (só do ADMIN).
- \`AdminOnPix\`: ADMIN na página do Pix; o selo legível sobre o item selecionado.
- \`LoadingStaff\`: \`me\` ainda carregando, esqueletos no lugar do nome, só a visão geral.
- \`AccountMenuOpen\` (quem está logado e as duas saídas) e \`LogoutEverywhereDialog\` (pede
  confirmação).
- \`PhoneDrawerOpen\`: a gaveta de navegação no celular.

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
    route: '/dashboard',
  },
} satisfies Meta<typeof DashboardShellView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN: todas as seções, o selo do Pix, o seletor de marca. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('staff-name')).toHaveTextContent('Ana Souza');
    await expect(canvas.getByRole('link', { name: 'Visão geral' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Sair' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {};

/**
 * Um BRAND_MANAGER de duas marcas na página de pedidos: pedidos e (mais tarde) produtos, sem Pix.
 */
export const BrandManager: Story = {
  args: {
    staff: { name: 'Bruno Lima', email: 'bruno@vitrine.com.br', role: 'BRAND_MANAGER' },
    currentPath: '/dashboard/pedidos',
    brands: BRANDS.slice(0, 2),
    brandId: 'brand-mare',
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Navegação do painel' });
    await expect(within(nav).queryByText('Pix a conferir')).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'href',
      '/dashboard/pedidos?marca=brand-mare',
    );
  },
};

/** WCAG contrast ratio of two computed CSS colours ('rgb(r, g, b)'). */
function contrastRatio(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * SUPPORT nos pedidos: pedidos, as notas fiscais, os produtos para consulta e os clientes; sem Pix
 * (só do ADMIN).
 */
export const Support: Story = {
  args: {
    staff: { name: 'Carla Mendes', email: 'carla@vitrine.com.br', role: 'SUPPORT' },
    currentPath: '/dashboard/pedidos',
    pixToConfirm: null,
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Navegação do painel' });
    await expect(within(nav).getByRole('link', { name: 'Produtos' })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).queryByText('Marcas')).toBeNull();
    await expect(within(nav).queryByText('Pix a conferir')).toBeNull();
    await expect(
      within(nav).getByRole('link', { name: 'Notas fiscais 2 rejeitadas' }),
    ).toBeVisible();
  },
};

/** ADMIN na página do Pix: o selo fica legível sobre o item selecionado. */
export const AdminOnPix: Story = {
  args: { currentPath: '/dashboard/pix' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Navegação do painel' });
    const pix = within(nav).getByRole('link', { name: /Pix a conferir/ });
    await expect(pix).toHaveAttribute('aria-current', 'page');
    const badge = within(pix).getByLabelText('3 a conferir');
    const badgeStyle = getComputedStyle(badge);
    // The number on its badge, and the badge on the selected item's background.
    await expect(
      contrastRatio(badgeStyle.color, badgeStyle.backgroundColor),
    ).toBeGreaterThanOrEqual(4.5);
    await expect(
      contrastRatio(badgeStyle.backgroundColor, getComputedStyle(pix).backgroundColor),
    ).toBeGreaterThanOrEqual(4.5);
  },
};

/** `me` ainda carregando: esqueletos no lugar do nome, só a visão geral. */
export const LoadingStaff: Story = {
  args: { staff: null, staffLoading: true, brands: [] },
};

/** O menu da conta: quem está logado e as duas formas de sair. */
export const AccountMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Conta de Ana Souza' }),
    );
    const menu = await screen.findByRole('menu');
    await expect(menu).toHaveTextContent('admin@vitrine.com.br');
    await expect(
      within(menu).getByRole('menuitem', { name: 'Sair de todos os dispositivos' }),
    ).toBeVisible();
  },
};

/** "Sair de todos os dispositivos" pede confirmação. */
export const LogoutEverywhereDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Conta de Ana Souza' }),
    );
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Sair de todos os dispositivos' }),
    );
    await expect(
      await screen.findByRole('dialog', { name: 'Sair de todos os dispositivos?' }),
    ).toBeVisible();
  },
};

/** Celular: a navegação é uma gaveta, com o seletor de marca no topo. */
export const PhoneDrawerOpen: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir navegação' }));
    const drawer = await screen.findByRole('presentation');
    await expect(within(drawer).getByRole('combobox', { name: 'Marca' })).toBeVisible();
    await expect(within(drawer).getByRole('link', { name: 'Pedidos' })).toBeVisible();
  },
};
