import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pagination } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/Pagination',
  component: Pagination,
  parameters: {
    docs: {
      description: {
        component: `
"Mostrar mais produtos": a listagem cresce no lugar em vez de pular para a página N. Mostra quantos
produtos a pessoa já viu e uma barra de progresso; o botão é um link de verdade para a URL da
próxima página (funciona em nova aba e para buscadores, e a URL guarda até onde se foi).

**Quando usar**

- No fim da grade de produtos das listagens (categoria, marca, busca).

**Quando não usar**

- Para tabelas do painel: use a paginação das listas do painel (\`TablePagination\` do MUI).
- Quando não há resultados (\`total\` 0) ela não aparece: mostre \`EmptyState\`.

**Estados**: \`Default\`, \`Loading\` ("Carregando…", desabilitado) e \`Everything\` (tudo à mostra,
sem botão).
`,
      },
    },
  },
  args: { shown: 24, total: 130, nextHref: '/categoria/roupas?pagina=2' },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { shown: 48, total: 130, loading: false } };
export const Loading: Story = { args: { loading: true } };
export const Everything: Story = { args: { shown: 130, nextHref: null } };
