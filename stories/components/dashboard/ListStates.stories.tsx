import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  LIST_SEARCH_DEBOUNCE_MS,
  ListEmptyState,
  ListErrorAlert,
  ListPagination,
  ListSearchField,
} from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

/** The empty state's props, and the callbacks the other pieces report to. */
interface DemoArgs {
  title: string;
  text: string;
  onRetry: () => void;
  onSearch: (value: string) => void;
}

const meta = {
  title: 'Components/Dashboard/ListStates',
  component: ListEmptyState,
  parameters: {
    docs: {
      description: {
        component: `
O que toda lista do painel tem em comum, além da grade: a busca que espera uma pausa na
digitação (${LIST_SEARCH_DEBOUNCE_MS} ms, ou na hora com Enter), o estado vazio com uma ação, o
aviso de falta de permissão, a falha com "Tentar novamente" e a paginação em português das listas
de cartões no celular.

**Quando usar**

- Em toda lista do painel (pedidos, produtos, clientes, cupons, auditoria, e-mails), para que as
  mesmas situações tenham sempre o mesmo texto e o mesmo lugar.
- \`ListErrorAlert\` com \`kind: 'forbidden'\` quando o servidor recusa a lista ao papel da pessoa;
  \`'failed'\` para qualquer outra falha, com \`onRetry\`.

**Quando não usar**

- Na vitrine: use \`EmptyState\` e \`Pagination\` da loja.
- Para um erro de um campo de formulário: o texto de ajuda do próprio campo.
- Para a paginação da grade no computador: a grade já traz a sua.

**Estados**: \`Default\` (busca, vazio e paginação), \`Empty\`, \`Forbidden\`, \`Failed\` e \`Search\`.
`,
      },
    },
  },
  args: {
    title: 'Nenhum cupom ainda',
    text: 'Crie um cupom para oferecer desconto na sacola.',
    onRetry: fn(),
    onSearch: fn(),
  },
} satisfies Meta<DemoArgs>;

export default meta;
type Story = StoryObj<DemoArgs>;

function PaginationDemo() {
  const [state, setState] = useState({ page: 0, pageSize: 25 });
  return (
    <ListPagination
      count={132}
      page={state.page}
      pageSize={state.pageSize}
      pageSizes={[25, 50, 100]}
      onChange={(page, pageSize) => setState({ page, pageSize })}
    />
  );
}

export const Default: Story = {
  tags: ['every-brand-and-width'],
  render: (args) => (
    <Stack spacing={2} sx={{ p: 2 }}>
      <ListSearchField value="" onSearch={() => undefined} label="Buscar cupons" />
      <ListEmptyState
        title={args.title}
        text={args.text}
        action={
          <Button variant="contained" startIcon={<AddOutlined />}>
            Novo cupom
          </Button>
        }
      />
      <PaginationDemo />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Nenhum cupom ainda' })).toBeVisible();
    await expect(canvas.getByText('1–25 de 132')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Próxima página' }));
    await expect(canvas.getByText('26–50 de 132')).toBeVisible();
  },
};

export const Empty: Story = {
  render: ({ title, text }) => <ListEmptyState title={title} text={text} />,
};

export const Forbidden: Story = {
  render: () => <ListErrorAlert error={{ kind: 'forbidden', message: '' }} what="os cupons" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Você não tem permissão para ver os cupons.',
    );
  },
};

export const Failed: Story = {
  render: ({ onRetry }) => (
    <ListErrorAlert
      error={{ kind: 'failed', message: 'Verifique a conexão e tente de novo.' }}
      what="os cupons"
      onRetry={onRetry}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Não foi possível carregar os cupons. Verifique a conexão e tente de novo.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Search: Story = {
  render: ({ onSearch }) => (
    <ListSearchField value="" label="Buscar clientes" onSearch={onSearch} />
  ),
  play: async ({ canvasElement, args }) => {
    const { onSearch } = args;
    const field = within(canvasElement).getByRole('searchbox', { name: 'Buscar clientes' });
    await userEvent.type(field, 'maria');
    // Nothing while the person types; once, with the whole word, after the pause.
    await expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('maria'));
    await expect(onSearch).toHaveBeenCalledOnce();
  },
};
