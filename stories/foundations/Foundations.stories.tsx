// The foundations as stories: the pictures in the visual baseline, and the checks that the theme's
// own pairs read (the MDX pages in this folder show the same pieces with their explanations).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  BrandThemesFoundation,
  ICONS_IN_USE,
  IconsFoundation,
  PaletteFoundation,
  ShapeFoundation,
  SpacingFoundation,
  TypeScaleFoundation,
} from '@vitrine/ui/workshop/foundations';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1200 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const meta = {
  title: 'Fundamentos/Amostras',
  // The pages are their own docs (the MDX pages); no props to document.
  tags: ['!autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cores: Story = {
  render: () => (
    <Page title="Cores">
      <PaletteFoundation />
    </Page>
  ),
  async play({ canvasElement }) {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Contraste de cada par de texto e fundo' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThanOrEqual(10);
    // Every pair the store's theme draws reads at least AA (4.5:1) as normal text.
    for (const row of rows) {
      await expect(row).toHaveTextContent(/AAA|AA$/);
    }
  },
};

export const Tipografia: Story = {
  render: () => (
    <Page title="Tipografia">
      <TypeScaleFoundation />
    </Page>
  ),
  async play({ canvasElement }) {
    await expect(
      within(canvasElement).getAllByText('Moda de várias marcas, em reais'),
    ).toHaveLength(13);
  },
};

export const Espacamento: Story = {
  name: 'Espaçamento',
  render: () => (
    <Page title="Espaçamento">
      <SpacingFoundation />
    </Page>
  ),
  async play({ canvasElement }) {
    await expect(within(canvasElement).getByText('spacing(1) = 8px')).toBeVisible();
  },
};

export const FormaElevacaoQuebras: Story = {
  name: 'Forma, elevação e pontos de quebra',
  render: () => (
    <Page title="Forma, elevação e pontos de quebra">
      <ShapeFoundation />
    </Page>
  ),
  async play({ canvasElement }) {
    const table = within(canvasElement).getByRole('table', { name: 'Pontos de quebra' });
    await expect(table).toHaveTextContent('sm600 px');
  },
};

export const Icones: Story = {
  name: 'Ícones',
  render: () => (
    <Page title="Ícones em uso">
      <IconsFoundation />
    </Page>
  ),
  async play({ canvasElement }) {
    const list = within(canvasElement).getByRole('list', {
      name: `Ícones em uso (${ICONS_IN_USE.length})`,
    });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(ICONS_IN_USE.length);
  },
};

export const Marcas: Story = {
  name: 'Marcas: da cor ao tema',
  render: () => (
    <Page title="Marcas: da cor ao tema">
      <BrandThemesFoundation extraColor="#facc15" />
    </Page>
  ),
  async play({ canvasElement }) {
    const canvas = within(canvasElement);
    // A light yellow never reads on the page: the theme darkens it and says so.
    const trial = canvas.getByRole('article', { name: 'Cor de teste' });
    await expect(trial).toHaveTextContent(/#facc15 lê 1,\d+:1 na página; escurecida para #/);
    // The demo store's seven brands, Ipê Amarelo's yellow among them.
    await expect(canvas.getByRole('article', { name: 'Aurora Têxtil' })).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Ipê Amarelo' })).toBeVisible();
  },
};
