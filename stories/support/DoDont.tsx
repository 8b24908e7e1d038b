// "Faça / Não faça": the workshop's usage examples, drawn with the real components side by side
// (Primer's and Polaris's do/don't guidance as the model). Each pair shows the right use and the
// wrong one, each with the reason in one line; a component's `DoAndDont` story holds its pairs.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DoDontPair {
  /** What the pair is about ("Rótulo do botão"). */
  topic: string;
  do: { example: ReactNode; why: string };
  dont: { example: ReactNode; why: string };
}

// Green and red of the guidance, both at AA on white (and never the only cue: icon and word).
const DO_COLOR = '#1a7f37';
const DONT_COLOR = '#c21c2c';

function Example({ kind, example, why }: { kind: 'do' | 'dont'; example: ReactNode; why: string }) {
  const color = kind === 'do' ? DO_COLOR : DONT_COLOR;
  const word = kind === 'do' ? 'Faça' : 'Não faça';
  return (
    <Box
      component="figure"
      aria-label={word}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateRows: '1fr auto',
        border: '1px solid',
        borderColor: 'divider',
        borderTop: `4px solid ${color}`,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          p: 3,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 120,
        }}
      >
        {example}
      </Box>
      <Box
        component="figcaption"
        sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
      >
        <Typography
          component="span"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700, color }}
        >
          {kind === 'do' ? (
            <CheckCircleRounded fontSize="small" aria-hidden />
          ) : (
            <CancelRounded fontSize="small" aria-hidden />
          )}
          {word}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {why}
        </Typography>
      </Box>
    </Box>
  );
}

/** The pairs of a component, one row each: "Faça" beside "Não faça" (stacked where narrow). */
export function DoDont({ pairs }: { pairs: readonly DoDontPair[] }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 4, maxWidth: 960 }}>
      {pairs.map((pair) => (
        <Box component="section" key={pair.topic} aria-label={pair.topic}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
            {pair.topic}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
            }}
          >
            <Example kind="do" {...pair.do} />
            <Example kind="dont" {...pair.dont} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
