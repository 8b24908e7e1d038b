// The recovery codes, shown once (after the enrolment or new codes): copy, download, and the
// staff member's word that they were kept.
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { copyText, downloadText, recoveryCodesText } from './twoFactor';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  email: string;
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

export function RecoveryCodesPanel({
  codes,
  email,
  saved,
  onSavedChange,
}: RecoveryCodesPanelProps) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const text = recoveryCodesText(codes, email);
  const listId = useId();
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Guarde estes códigos agora: eles não serão mostrados de novo. Se perder o celular, cada
        código permite entrar uma vez no lugar do código do aplicativo.
      </Alert>
      <Box
        component="ol"
        id={listId}
        aria-label="Códigos de recuperação"
        sx={{
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
          columnGap: { xs: 2, sm: 4 },
          whiteSpace: 'nowrap',
          rowGap: 1,
          justifyContent: 'center',
          listStyle: 'none',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: '0.9rem', sm: '1.05rem' },
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyRounded />}
          onClick={() => void copyText(codes.join('\n')).then((ok) => setCopied(ok ? 'yes' : 'no'))}
        >
          Copiar todos
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          onClick={() => downloadText(text, 'codigos-de-recuperacao.txt')}
        >
          Baixar .txt
        </Button>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {copied === 'yes'
          ? 'Códigos copiados.'
          : copied === 'no'
            ? 'Não foi possível copiar: selecione os códigos e copie manualmente.'
            : ''}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox checked={saved} onChange={(event) => onSavedChange(event.target.checked)} />
        }
        label="Guardei os códigos em lugar seguro"
      />
    </Stack>
  );
}
