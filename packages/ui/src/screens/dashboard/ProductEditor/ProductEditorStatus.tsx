// Where the product's edit stands: the header's publication mark, the summary of the fields to
// correct (each a link to its field) and the sticky save bar.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { publicationStatus } from './productEditorHelpers';
import { fieldDomId, fieldLabel, type FieldErrors, type ProductForm } from './productForm';

export function PublicationChip({
  saved,
  published,
}: {
  saved: boolean | null;
  published: boolean;
}) {
  const label = publicationStatus(saved, published);
  return (
    <Chip
      data-testid="situacao-do-produto"
      label={label}
      color={saved !== null && saved !== published ? 'warning' : saved ? 'success' : 'default'}
      variant="outlined"
      sx={{
        maxWidth: '100%',
        height: 'auto',
        minHeight: 32,
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
      }}
    />
  );
}

export function ErrorSummary({ errors, form }: { errors: FieldErrors; form: ProductForm }) {
  const errorEntries = Object.entries(errors);
  if (errorEntries.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert" aria-labelledby="resumo-erros">
      <AlertTitle id="resumo-erros">
        {errorEntries.length === 1
          ? 'Corrija 1 campo para salvar'
          : `Corrija ${errorEntries.length} campos para salvar`}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {errorEntries.map(([field, message]) => (
          <li key={field}>
            <Link
              href={`#${fieldDomId(field)}`}
              onClick={(event) => {
                event.preventDefault();
                const target = document.getElementById(fieldDomId(field));
                target?.scrollIntoView({ block: 'center' });
                target?.focus();
              }}
            >
              {fieldLabel(field, form)}
            </Link>
            : {message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function SaveBar({
  dirty,
  saving,
  published,
}: {
  dirty: boolean;
  saving: boolean;
  published: boolean;
}) {
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 1.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
        {dirty ? 'Alterações não salvas' : 'Tudo salvo'}
      </Typography>
      <Button variant="contained" type="submit" disabled={saving}>
        {saving ? 'Salvando…' : published ? 'Salvar e publicar' : 'Salvar rascunho'}
      </Button>
    </Paper>
  );
}
