// The product's description: written with bold, italic and list buttons (markers in the text), or
// previewed as the shop shows it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';

import { FormattedText } from '../../../components/FormattedText';
import { applyFormat, type Format } from './productEditorHelpers';
import { fieldDomId } from './productForm';

export function DescriptionField({
  value,
  readOnly,
  error,
  onChange,
}: {
  value: string;
  readOnly: boolean;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const ref = useRef<HTMLTextAreaElement>(null);

  function format(kind: Format) {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const next = applyFormat(value, start, end, kind);
    onChange(next.text);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.start, next.end);
    });
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Tabs value={tab} onChange={(_event, next: 'write' | 'preview') => setTab(next)}>
          <Tab value="write" label="Escrever" />
          <Tab value="preview" label="Pré-visualizar" />
        </Tabs>
        {tab === 'write' && !readOnly ? (
          <Box role="toolbar" aria-label="Formatação" sx={{ display: 'flex', gap: 0.5 }}>
            <Button size="small" onClick={() => format('bold')} sx={{ fontWeight: 700 }}>
              Negrito
            </Button>
            <Button size="small" onClick={() => format('italic')} sx={{ fontStyle: 'italic' }}>
              Itálico
            </Button>
            <Button size="small" onClick={() => format('list')}>
              Lista
            </Button>
          </Box>
        ) : null}
      </Box>
      {tab === 'write' ? (
        <TextField
          id={fieldDomId('description')}
          label="Descrição"
          multiline
          minRows={5}
          fullWidth
          value={value}
          disabled={readOnly}
          inputRef={ref}
          error={!!error}
          helperText={
            error ??
            'Parágrafos separados por linha em branco; **negrito**, *itálico*, linhas com "- " viram lista.'
          }
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Box
          aria-label="Pré-visualização da descrição"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 120 }}
        >
          {value.trim() ? (
            <FormattedText text={value} />
          ) : (
            <Typography color="text.secondary">Nada escrito ainda.</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
