import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  FilterBar,
  FilterSelect,
  MoneyFilterField,
  PeriodFilter,
  filterOptions,
  type FilterBarProps,
} from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

const STATUS = { PAID: 'Pago', PENDING: 'Aguardando pagamento', CANCELLED: 'Cancelado' };
type Status = keyof typeof STATUS;

interface DemoFilters {
  search: string;
  status: Status | null;
  minCents: number | null;
  from: string | null;
  to: string | null;
}
const NONE: DemoFilters = { search: '', status: null, minCents: null, from: null, to: null };

/** The bar's own props, and the callback a demo list reports every change to. */
type DemoArgs = Pick<FilterBarProps, 'compact'> & {
  initial: DemoFilters;
  onFiltersChange: (filters: DemoFilters) => void;
};

/** A list's filters kept in state, as a screen keeps them in the URL. */
function DemoBar({ compact, initial, onFiltersChange }: DemoArgs) {
  const [filters, setFilters] = useState(initial);
  const change = (patch: Partial<DemoFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    onFiltersChange(next);
  };
  const active = [filters.status, filters.minCents, filters.from, filters.to].filter(
    (value) => value !== null,
  ).length;
  return (
    <FilterBar
      label="Filtrar pedidos"
      search={{
        value: filters.search,
        label: 'Buscar por número ou nome',
        onSearch: (search) => change({ search }),
      }}
      activeCount={active}
      canClear={active > 0 || filters.search !== ''}
      onClear={() => change(NONE)}
      compact={compact}
      showResultsLabel="Ver pedidos"
    >
      <FilterSelect<Status>
        label="Status"
        value={filters.status}
        options={filterOptions(STATUS)}
        onChange={(status) => change({ status })}
      />
      <MoneyFilterField
        label="Total mínimo"
        value={filters.minCents}
        onChange={(minCents) => change({ minCents })}
      />
      <PeriodFilter
        from={filters.from}
        to={filters.to}
        onChange={({ from, to }) => change({ from, to })}
      />
    </FilterBar>
  );
}

const meta = {
  title: 'Components/Dashboard/FilterBar',
  component: DemoBar,
  parameters: {
    docs: {
      description: {
        component: `
A barra sobre uma lista do painel: a busca (que espera uma pausa na digitação), os filtros da
lista e "Limpar filtros", numa grade que se ajusta à largura. No celular a busca fica e os
filtros vão para uma folha de tela cheia atrás de "Filtros (n)", com "Limpar filtros" e o botão
que volta à lista ("Ver pedidos"). Os filtros que as listas têm em comum vêm junto:
\`FilterSelect\` (valores fixos, com "Todos" primeiro; \`filterOptions\` transforma um mapa de
rótulos), \`MoneyFilterField\` (um valor em reais, aplicado com Enter ou ao sair do campo; o que
não é valor é dito no campo e nada muda) e \`PeriodFilter\` ("De" e "Até" em dd/mm/aaaa; "Até"
não vem antes de "De").

A barra é pura: cada mudança vai para um callback, e a tela guarda os filtros na URL, para que um
link copiado abra a mesma lista.

**Quando usar**

- Sobre a grade de uma lista do painel (pedidos, produtos) com mais de dois filtros.

**Quando não usar**

- Para uma lista com só a busca: use \`ListSearchField\` sozinho.
- Na vitrine: os filtros do cliente são \`FacetFilters\`.
- Para escolher uma visão salva (um conjunto de filtros com nome): \`SavedViewsMenu\`.

**Estados**: \`Default\` (sem filtros), \`Filtered\` (filtros aplicados, com "Limpar filtros"),
\`Phone\` (a folha de filtros) e \`InvalidAmount\` (um valor que não é dinheiro).
`,
      },
    },
  },
  args: { compact: false, initial: NONE, onFiltersChange: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<DemoArgs>;

export default meta;
type Story = StoryObj<DemoArgs>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('search', { name: 'Filtrar pedidos' });
    await expect(
      within(bar).getByRole('searchbox', { name: 'Buscar por número ou nome' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pago' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'PAID' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(NONE);
  },
};

export const Filtered: Story = {
  args: {
    initial: {
      search: 'maria',
      status: 'PENDING',
      minCents: 15000,
      from: '2025-05-01',
      to: '2025-05-31',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Total mínimo' })).toHaveValue('150,00');
    await expect(canvas.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
  },
};

export const Phone: Story = {
  args: { compact: true, initial: { ...NONE, status: 'PAID' } },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('combobox', { name: 'Status' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Filtros (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Limpar filtros' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(NONE);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Ver pedidos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Filtros' })).toBeVisible();
  },
};

export const InvalidAmount: Story = {
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Total mínimo' });
    await userEvent.type(field, '129.90{Enter}');
    await expect(field).toHaveAccessibleDescription('Use um valor como 49,90.');
    await expect(args.onFiltersChange).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '129,90{Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ minCents: 12990 }),
    );
  },
};
