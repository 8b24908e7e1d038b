import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { VitrineLogo } from '@vitrine/ui';

const meta = {
  title: 'Components/VitrineLogo',
  component: VitrineLogo,
  parameters: {
    docs: {
      description: {
        component: `
A marca da loja: um selo arredondado com a inicial, no degradê da cor primária, e o nome ao lado. O
nome vem de \`name\` (o das configurações da loja; "Vitrine" por padrão); o selo é decorativo
(\`aria-hidden\`) e o nome é texto.

**Quando usar**

- Nos cabeçalhos da vitrine e do painel (o \`AuthLayout\` já a traz).
- \`size\` pequeno, médio ou grande (selo de 26, 32 ou 44 px); \`tone="light"\` sobre fundos
  escuros.

**Quando não usar**

- Como link: ela não é um; envolva-a num link para a página inicial quando precisar.

**Estados**: \`Sizes\` (os três tamanhos) e \`OnDarkSurface\` (tom claro sobre fundo escuro).
`,
      },
    },
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof VitrineLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = {
  args: { name: 'Casa Aurora', size: 'medium', tone: 'default' },
};

export const Sizes: Story = {
  render: (args) => (
    <Stack spacing={2}>
      <VitrineLogo {...args} size="small" />
      <VitrineLogo {...args} size="medium" />
      <VitrineLogo {...args} size="large" />
    </Stack>
  ),
};

export const OnDarkSurface: Story = {
  args: { tone: 'light' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, bgcolor: 'grey.900' }}>
        <Story />
      </Box>
    ),
  ],
};
