// The frame of a printable page: A4 margins, an "Imprimir" button (not printed), one sheet per
// child with a page break after each. Pure.
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

import { useDashboardTitle } from '../shared';

/**
 * The rel of the links that open a print page in a new tab of the dashboard. "opener" (the page is
 * this site's own) gives the new tab a copy of this tab's session storage, where a sign-in without
 * "Lembrar de mim" keeps its tokens; with "noopener" the print page opened on the login page.
 */
export const PRINT_PAGE_REL = 'opener';

export interface PrintFrameProps {
  title: string;
  loading?: boolean;
  error?: string | null;
  onPrint(): void;
  children: ReactNode;
}

export function PrintFrame({
  title,
  loading = false,
  error = null,
  onPrint,
  children,
}: PrintFrameProps) {
  useDashboardTitle(title);
  return (
    <Box>
      <GlobalStyles styles={{ '@page': { size: 'A4', margin: '12mm' } }} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          displayPrint: 'none',
        }}
      >
        <Box component="h1" sx={{ typography: 'h5', m: 0 }}>
          {title}
        </Box>
        <Button
          variant="contained"
          startIcon={<PrintOutlined />}
          onClick={onPrint}
          disabled={loading || error !== null}
        >
          Imprimir
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : loading ? (
        <Box role="status" aria-label="Carregando" sx={{ maxWidth: '210mm' }}>
          <Skeleton variant="rectangular" height={480} />
        </Box>
      ) : (
        children
      )}
    </Box>
  );
}

/** One A4 sheet: a white page on screen, the paper itself when printed. */
export function Sheet({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="article"
      aria-label={label}
      sx={{
        bgcolor: '#fff',
        color: '#000',
        maxWidth: '210mm',
        boxSizing: 'border-box',
        p: { xs: 2, sm: '12mm' },
        mb: 3,
        boxShadow: 1,
        fontSize: 14,
        // A long code or name breaks instead of widening the sheet past a phone's width. Tables'
        // narrow headers ('Item', 'Qtd.') keep their words: cells that hold long values opt in to
        // \`anywhere\` themselves (PackingSlipsView's SKU and product).
        overflowWrap: 'break-word',
        breakAfter: 'page',
        '&:last-of-type': { breakAfter: 'auto' },
        '@media print': { boxShadow: 'none', p: 0, m: 0, maxWidth: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
