// The product editor's main data: name (the address and SKUs follow it until edited), the address
// with its availability, brand, category, and whether it is published and featured.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { StaffRole } from '../Orders/orderLabels';
import type { CategoryOption } from './productEditorHelpers';
import type { EditorBrand } from './ProductEditorScreen.graphql';
import type { SlugCheckState } from './ProductEditorView';
import {
  DRAFT_LABEL,
  effectiveSlug,
  fieldDomId,
  PUBLISHED_LABEL,
  withSuggestedSkus,
  type FieldErrors,
  type ProductForm,
} from './productForm';

function SlugHelper({
  slugCheck,
  mode,
  onUse,
}: {
  slugCheck: SlugCheckState;
  mode: 'new' | 'edit';
  onUse(slug: string): void;
}) {
  switch (slugCheck.state) {
    case 'checking':
      return <>Verificando…</>;
    case 'available':
      return <>Endereço disponível.</>;
    case 'taken':
      return (
        <>
          Já usado por outro produto.
          {slugCheck.suggestion ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => onUse(slugCheck.suggestion ?? '')}
              sx={{ ml: 1, minHeight: 44, textTransform: 'none', mt: 0.5 }}
            >
              Usar {slugCheck.suggestion}
            </Button>
          ) : null}
        </>
      );
    case 'error':
      return <>Não foi possível verificar agora.</>;
    default:
      return mode === 'new' ? (
        <>Feito a partir do nome até você editar.</>
      ) : (
        <>Mudar o endereço quebra os links já compartilhados.</>
      );
  }
}

function PublicationSwitches({
  form,
  readOnly,
  set,
}: {
  form: ProductForm;
  readOnly: boolean;
  set(key: 'published' | 'featured', value: boolean): void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={form.published}
              disabled={readOnly}
              onChange={(event) => set('published', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'produto-publicado-ajuda' } }}
            />
          }
          label={form.published ? PUBLISHED_LABEL : DRAFT_LABEL}
        />
        <Typography
          id="produto-publicado-ajuda"
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ ml: 6.5, mt: -0.5 }}
        >
          {form.published
            ? 'Os clientes encontram e compram este produto na loja.'
            : 'Só a equipe vê este produto. Ative para publicá-lo na loja.'}
        </Typography>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={form.featured}
            disabled={readOnly}
            onChange={(event) => set('featured', event.target.checked)}
          />
        }
        label="Destaque na página inicial"
      />
    </Box>
  );
}

export interface ProductMainFieldsProps {
  form: ProductForm;
  onFormChange(form: ProductForm): void;
  mode: 'new' | 'edit';
  role: StaffRole | null;
  readOnly: boolean;
  errors: FieldErrors;
  slugCheck: SlugCheckState;
  brands: EditorBrand[];
  categoryOptions: CategoryOption[];
}

export function ProductMainFields({
  form,
  onFormChange,
  mode,
  role,
  readOnly,
  errors,
  slugCheck,
  brands,
  categoryOptions,
}: ProductMainFieldsProps) {
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    onFormChange({ ...form, [key]: value });
  const slug = effectiveSlug(form);

  const onNameChange = (name: string) => {
    const next = { ...form, name };
    const nextSlug = effectiveSlug(next);
    onFormChange({
      ...next,
      ...(form.slugEdited ? {} : { slug: nextSlug }),
      variants: withSuggestedSkus(form.variants, nextSlug),
    });
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <TextField
        id={fieldDomId('name')}
        label="Nome"
        required
        value={form.name}
        disabled={readOnly}
        error={!!errors.name}
        helperText={errors.name ?? ' '}
        onChange={(event) => onNameChange(event.target.value)}
        sx={{ gridColumn: { md: '1 / -1' } }}
      />
      <TextField
        id={fieldDomId('slug')}
        label="Endereço (slug)"
        value={form.slugEdited ? form.slug : slug}
        disabled={readOnly}
        error={!!errors.slug || slugCheck.state === 'taken'}
        helperText={
          errors.slug ?? (
            <SlugHelper
              slugCheck={slugCheck}
              mode={mode}
              onUse={(suggestion) => onFormChange({ ...form, slug: suggestion, slugEdited: true })}
            />
          )
        }
        slotProps={{
          input: {
            startAdornment: (
              <Typography
                component="span"
                color="text.secondary"
                sx={{ mr: 0.5, whiteSpace: 'nowrap' }}
              >
                /produto/
              </Typography>
            ),
          },
        }}
        onChange={(event) =>
          onFormChange({
            ...form,
            slug: event.target.value.toLowerCase().replace(/\s+/g, '-'),
            slugEdited: true,
            variants: withSuggestedSkus(form.variants, event.target.value),
          })
        }
      />
      <TextField
        id={fieldDomId('brandId')}
        select
        label="Marca"
        required
        value={form.brandId}
        disabled={readOnly}
        error={!!errors.brandId}
        helperText={errors.brandId ?? (role === 'BRAND_MANAGER' ? 'Só as suas marcas.' : ' ')}
        onChange={(event) => set('brandId', event.target.value)}
      >
        {brands.map((brand) => (
          <MenuItem key={brand.id} value={brand.id}>
            {brand.name}
            {brand.active ? '' : ' (inativa)'}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={fieldDomId('categoryId')}
        select
        label="Categoria"
        required
        value={form.categoryId}
        disabled={readOnly}
        error={!!errors.categoryId}
        helperText={
          errors.categoryId ??
          categoryOptions.find((option) => option.id === form.categoryId)?.path ??
          ' '
        }
        onChange={(event) => set('categoryId', event.target.value)}
      >
        {categoryOptions.map((option) => (
          <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 3 }}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <PublicationSwitches form={form} readOnly={readOnly} set={set} />
    </Box>
  );
}
