import ArrowForward from '@mui/icons-material/ArrowForward';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ActionButton } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DoDont } from '../support/DoDont';

const meta = {
  title: 'Components/ActionButton',
  component: ActionButton,
  parameters: {
    docs: {
      description: {
        component: `
Botão leve das primeiras telas da vitrine (cabeçalho, destaque da home, páginas de erro): o visual
do \`Button\` do MUI em quatro variantes (\`contained\`, \`outlined\`, \`text\` e \`icon\`),
desenhado por um \`<button>\` simples, sem ripple, para não pesar na primeira visita.

**Quando usar**

- Ações do cabeçalho, da home e das páginas de erro da vitrine.
- Um link com cara de botão: com \`to="/caminho"\` ele vira um link do roteador.
- Botão só de ícone (\`variant="icon"\`, redondo de 48 px), sempre com \`aria-label\`.

**Quando não usar**

- Para enviar um formulário: use \`SubmitButton\` (tem o estado "enviando").
- Nas telas mais adentro (painel, sacola, checkout): use o \`Button\` do MUI, que tem \`loading\`.

**Estados**: \`Variants\` (todas as variantes, link e desabilitado) e \`KeyboardFocus\` (contorno de
foco visível). \`DoAndDont\`: faça e não faça, com exemplos. Todo alvo tem pelo menos 44 px; \`size="large"\` e o ícone, 48 px.
`,
      },
    },
  },
  args: { children: 'Ver novidades', variant: 'contained', size: 'large' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ActionButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  args: { onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Ver novidades' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {};

export const Variants: Story = {
  render: () => (
    <>
      <ActionButton variant="contained">Tentar novamente</ActionButton>
      <ActionButton variant="contained" size="large">
        Ver novidades
      </ActionButton>
      <ActionButton variant="outlined" size="large">
        Ir para a página inicial
      </ActionButton>
      <ActionButton variant="text">Limpar</ActionButton>
      <ActionButton
        variant="outlined"
        color="inherit"
        to="/categoria/roupas"
        endIcon={<ArrowForward fontSize="small" />}
        sx={{ borderRadius: 999 }}
      >
        Roupas
      </ActionButton>
      <ActionButton variant="icon" aria-label="Sacola vazia">
        <ShoppingBagOutlined />
      </ActionButton>
      <ActionButton variant="contained" disabled>
        Indisponível
      </ActionButton>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // `to` makes a link the router follows, with the button's look.
    await expect(canvas.getByRole('link', { name: 'Roupas' })).toHaveAttribute(
      'href',
      '/categoria/roupas',
    );
    // Every variant is a 44 px target at least (the large ones 48).
    for (const control of [...canvas.getAllByRole('button'), canvas.getByRole('link')]) {
      const box = control.getBoundingClientRect();
      await expect(box.height).toBeGreaterThanOrEqual(44);
      await expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await expect(canvas.getByRole('button', { name: 'Indisponível' })).toBeDisabled();
  },
};

export const KeyboardFocus: Story = {
  args: { variant: 'outlined', children: 'Conhecer as marcas' },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const button = within(canvasElement).getByRole('button', { name: 'Conhecer as marcas' });
    await expect(button).toHaveFocus();
    // The focus is drawn (an outline), as MUI's focus ripple would.
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
  },
};

/** Faça / não faça: o texto do botão diz o que acontece; uma só ação principal por grupo. */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: {
      description: {
        story: 'O texto do botão diz o que acontece; uma só ação principal em cada grupo.',
      },
    },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'O texto do botão',
          do: {
            example: (
              <ActionButton size="large" variant="contained">
                Ver novidades
              </ActionButton>
            ),
            why: 'Um verbo e o destino: o cliente sabe o que acontece ao tocar.',
          },
          dont: {
            example: (
              <ActionButton size="large" variant="contained">
                Clique aqui
              </ActionButton>
            ),
            why: '"Clique aqui" não diz nada fora da frase, e leitores de tela listam os botões soltos.',
          },
        },
        {
          topic: 'Uma ação principal por vez',
          do: {
            example: (
              <>
                <ActionButton size="large" variant="contained">
                  Ver novidades
                </ActionButton>
                <ActionButton size="large" variant="outlined">
                  Conhecer as marcas
                </ActionButton>
              </>
            ),
            why: 'Um botão cheio para o caminho principal; os outros, contornados ou de texto.',
          },
          dont: {
            example: (
              <>
                <ActionButton size="large" variant="contained">
                  Ver novidades
                </ActionButton>
                <ActionButton size="large" variant="contained">
                  Conhecer as marcas
                </ActionButton>
                <ActionButton size="large" variant="contained">
                  Ofertas
                </ActionButton>
              </>
            ),
            why: 'Três botões cheios disputam a atenção: nenhum parece o caminho.',
          },
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
  },
};
