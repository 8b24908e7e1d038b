// The product editor's search-engine fields: the title and description with their lengths, beside
// a Google-like result of what they make.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { formattedTextToPlain } from '../../../components/FormattedText';
import { truncate } from './productEditorHelpers';
import {
  effectiveSlug,
  fieldDomId,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type FieldErrors,
  type ProductForm,
} from './productForm';

function GooglePreview({
  title,
  slug,
  description,
}: {
  title: string;
  slug: string;
  description: string;
}) {
  return (
    <Box
      aria-label="Prévia no Google"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" sx={{ color: '#202124' }} noWrap>
        vitrine.com.br › produto › {slug || '…'}
      </Typography>
      <Typography sx={{ color: '#1a0dab', fontSize: 20, lineHeight: 1.3 }} noWrap>
        {title || 'Título do produto'}
      </Typography>
      <Typography variant="body2" sx={{ color: '#4d5156' }}>
        {description || 'A descrição aparece aqui.'}
      </Typography>
    </Box>
  );
}

export interface SeoFieldsProps {
  form: ProductForm;
  readOnly: boolean;
  errors: FieldErrors;
  onChange(field: 'seoTitle' | 'seoDescription', value: string): void;
}

export function SeoFields({ form, readOnly, errors, onChange }: SeoFieldsProps) {
  const seoTitleLength = form.seoTitle.trim().length;
  const seoDescriptionLength = form.seoDescription.trim().length;
  const plainDescription = formattedTextToPlain(form.description);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id={fieldDomId('seoTitle')}
          label="Título para buscadores"
          value={form.seoTitle}
          disabled={readOnly}
          placeholder={form.name}
          error={!!errors.seoTitle || seoTitleLength > SEO_TITLE_MAX}
          helperText={
            errors.seoTitle ??
            `${seoTitleLength}/${SEO_TITLE_MAX} caracteres. Vazio: o nome do produto.`
          }
          onChange={(event) => onChange('seoTitle', event.target.value)}
        />
        <TextField
          id={fieldDomId('seoDescription')}
          label="Descrição para buscadores"
          multiline
          minRows={3}
          value={form.seoDescription}
          disabled={readOnly}
          error={!!errors.seoDescription || seoDescriptionLength > SEO_DESCRIPTION_MAX}
          helperText={
            errors.seoDescription ??
            `${seoDescriptionLength}/${SEO_DESCRIPTION_MAX} caracteres. Vazio: o início da descrição.`
          }
          onChange={(event) => onChange('seoDescription', event.target.value)}
        />
      </Box>
      <GooglePreview
        title={truncate(form.seoTitle.trim() || form.name, SEO_TITLE_MAX)}
        slug={effectiveSlug(form)}
        description={truncate(form.seoDescription.trim() || plainDescription, SEO_DESCRIPTION_MAX)}
      />
    </Box>
  );
}
