// The 44 px touch target check that runs after every story, proven against real layout. A page
// for developers: it sits under "Para desenvolvedores", at the end of the sidebar, out of the
// designers' components; its id keeps the English title's (and its visual baseline).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { findSmallTouchTargets, type TouchTargetParameters } from '@vitrine/ui/workshop';
import { expect } from 'storybook/test';

function Targets() {
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Button variant="contained">Comprar</Button>
      <FormControlLabel control={<Checkbox />} label="Somente em estoque" />
      <Checkbox slotProps={{ input: { 'aria-label': 'Sozinho' } }} />
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        <li>
          <Link href="/trocas">Trocas e devoluções</Link>
        </li>
      </Box>
      <p>
        Leia a <a href="/privacidade">política de privacidade</a> antes de comprar.
      </p>
      <button
        type="button"
        data-testid="too-small"
        style={{ width: 30, height: 24, padding: 0, fontSize: 12 }}
      >
        OK
      </button>
    </Box>
  );
}

const meta = {
  title: 'Para desenvolvedores/Área de toque',
  id: 'workshop-touchtarget',
  component: Targets,
  parameters: {
    docs: {
      description: {
        component: `
A prova da verificação de alvo de toque que roda depois de cada história: todo controle visível
(botão, link, campo, checkbox…) precisa ter pelo menos 44 × 44 px (regra da loja, WCAG 2.5.5).
\`findSmallTouchTargets\` mede o alvo que o dedo acerta (o rótulo em volta de um checkbox, a moldura
de um campo, o cartão de um link esticado) e deixa de fora links no meio de uma frase.

**Quando usar**

- Como referência do que conta como alvo e de como ele é medido.
- Para dispensar um elemento numa história: \`parameters.touchTarget.exempt\`, com o \`selector\` e
  o motivo (\`reason\`).

**Quando não usar**

- Não desligue a verificação (\`touchTarget.disable\`) fora das tabelas densas do painel: aumente o
  controle (o tema já dá 44 px a botões, checkboxes, abas e itens de menu).

**Estados**: \`Default\`: só o botão de 30 × 24 px, posto de propósito, é apontado (e dispensado
nesta história).
`,
      },
    },
    touchTarget: {
      // This story holds a 30x24 button on purpose, to prove the check reports it.
      exempt: [{ selector: '[data-testid="too-small"]', reason: 'the deliberate offender' }],
    } satisfies TouchTargetParameters,
  },
} satisfies Meta<typeof Targets>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const offenders = findSmallTouchTargets(canvasElement);
    // Only the deliberate 30x24 button: the themed button, the checkbox row, the lone checkbox
    // and the link alone in a list are 44 px or more; the link inside the sentence is exempt.
    await expect(offenders).toEqual([
      expect.objectContaining({ description: 'button "OK"', width: 30, height: 24 }),
    ]);
  },
};
