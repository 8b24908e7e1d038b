import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedText } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'Components/FormattedText',
  component: FormattedText,
  parameters: {
    docs: {
      description: {
        component: `
Mostra um texto no formato simples da loja: parágrafos separados por uma linha em branco,
\`**negrito**\`, \`*itálico*\` e linhas que começam com \`- \` como lista. Gera só elementos React:
HTML digitado aparece como texto, nunca é interpretado nem executado.

**Quando usar**

- A descrição do produto, na página do produto e na prévia do editor de produto.
- Os textos institucionais editados nas configurações (contato, trocas e devoluções, privacidade).

**Quando não usar**

- Para textos fixos da interface: use \`Typography\`.
- Quando precisar de links, títulos ou imagens: o formato não os tem (saem como texto).

**Estados**: \`Formats\` (todos os formatos), \`HostileInput\` (HTML e scripts como texto) e
\`Plain\` (um parágrafo sem marcação).
`,
      },
    },
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 560 }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    text: [
      'Camiseta de **algodão orgânico** com caimento reto e *toque macio*.',
      '',
      '- 100% algodão',
      '- Gola careca **reforçada**',
      '- Lavar à mão',
      '',
      'Produzida em pequenos lotes.\nCada peça pode variar levemente.',
    ].join('\n'),
  },
} satisfies Meta<typeof FormattedText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Parágrafos, negrito, itálico, uma lista e uma quebra de linha dentro de um parágrafo. */
export const Formats: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('algodão orgânico').tagName).toBe('STRONG');
    await expect(canvas.getByText('toque macio').tagName).toBe('EM');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(2);
  },
};

/** HTML e scripts aparecem como os caracteres digitados, nunca executados nem interpretados. */
export const HostileInput: Story = {
  args: {
    text: '<script>alert("x")</script> **<b>negrito?</b>**\n\n- <img src=x onerror=alert(1)>\n- [link](javascript:alert(1))',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/<script>alert\("x"\)<\/script>/)).toBeVisible();
    await expect(canvas.getByText('<b>negrito?</b>').tagName).toBe('STRONG');
    await expect(canvasElement.querySelector('script, img, a, b')).toBeNull();
  },
};

/** Texto simples, sem marcações: um parágrafo. */
export const Plain: Story = {
  args: { text: 'Tênis leve para corridas curtas, com solado de borracha natural.' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(1);
  },
};
