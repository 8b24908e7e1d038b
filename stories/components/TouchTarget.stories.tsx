// The 44 px touch target check that runs after every story, proven against real layout.
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
  title: 'Workshop/TouchTarget',
  component: Targets,
  parameters: {
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
