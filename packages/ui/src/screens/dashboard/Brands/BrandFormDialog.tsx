// Creating or editing a brand: name, address, description, logo (uploaded with progress), colour
// with the live preview of its storefront page and the contrast, SEO with counters. Pure.
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import UploadRounded from '@mui/icons-material/UploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { checkBrandInput } from '@vitrine/rules';
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
} from 'react';

import { storefrontPaths } from '../../../routes/paths';
import { isHexColor } from './brandContrast';
import { BrandPreview } from './BrandPreview';
import type { BrandInputVariables, StaffBrand } from './BrandsScreen.graphql';

export const SEO_TITLE_ADVICE = 70;
export const SEO_DESCRIPTION_ADVICE = 160;

/** A refusal the form shows: at a field when the server named one ('input.color'). */
export interface BrandSaveError {
  field: string | null;
  message: string;
}

export type UploadLogo = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<{ url: string }>;

export interface BrandFormDialogProps {
  /** null: a new brand. */
  brand: StaffBrand | null;
  onClose: () => void;
  /** Rejects with a BrandSaveError. */
  onSave: (input: BrandInputVariables) => Promise<void>;
  onUploadLogo: UploadLogo;
}

type Fields = 'name' | 'slug' | 'description' | 'color' | 'logoUrl' | 'seoTitle' | 'seoDescription';

function counter(length: number, advice: number): string {
  return length > advice
    ? `${length}/${advice}: os buscadores cortam o que passar de ${advice}`
    : `${length}/${advice}`;
}

function initialValues(brand: StaffBrand | null): Record<Fields, string> {
  return {
    name: brand?.name ?? '',
    slug: brand?.slug ?? '',
    description: brand?.description ?? '',
    color: brand?.color ?? '#c2410c',
    logoUrl: brand?.logoUrl ?? '',
    seoTitle: brand?.seoTitle ?? '',
    seoDescription: brand?.seoDescription ?? '',
  };
}

/** What is sent: trimmed, an empty optional field as null, the colour in lower case. */
function brandInput(values: Record<Fields, string>, active: boolean): BrandInputVariables {
  return {
    name: values.name.trim(),
    slug: values.slug.trim() || null,
    description: values.description.trim(),
    color: values.color.trim().toLowerCase(),
    logoUrl: values.logoUrl || null,
    seoTitle: values.seoTitle.trim() || null,
    seoDescription: values.seoDescription.trim() || null,
    active,
  };
}

/** The colour picker beside the hex field (black while the field holds no valid colour). */
function ColorSwatch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Box
      component="input"
      type="color"
      aria-label="Escolher a cor"
      value={isHexColor(value) ? value.toLowerCase() : '#000000'}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      sx={{
        width: 36,
        height: 36,
        p: 0,
        border: 0,
        bgcolor: 'transparent',
        cursor: 'pointer',
      }}
    />
  );
}

/** The logo: its preview, 'Enviar/Trocar logo' with the upload's progress and error, 'Remover'. */
function LogoField({
  logoUrl,
  onLogoUrlChange,
  onUploadLogo,
  upload,
  onUploadChange,
}: {
  logoUrl: string;
  onLogoUrlChange: (url: string) => void;
  onUploadLogo: UploadLogo;
  /** The upload on its way (the dialog waits for it to save). */
  upload: { percent: number } | null;
  onUploadChange: (upload: { percent: number } | null) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    onUploadChange({ percent: 0 });
    try {
      const uploaded = await onUploadLogo(file, (percent) => onUploadChange({ percent }));
      onLogoUrlChange(uploaded.url);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'Não foi possível enviar o logo.');
    } finally {
      onUploadChange(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        Logo
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 48,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            bgcolor: '#fff',
          }}
        >
          {logoUrl ? (
            <Box
              component="img"
              src={logoUrl}
              alt="Logo atual"
              sx={{ maxWidth: '100%', maxHeight: 44, objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              Sem logo
            </Typography>
          )}
        </Box>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label="Arquivo do logo"
          onChange={(event) => void chooseLogo(event.target.files?.[0])}
        />
        <Button
          variant="outlined"
          startIcon={<UploadRounded />}
          onClick={() => fileRef.current?.click()}
          disabled={upload !== null}
        >
          {logoUrl ? 'Trocar logo' : 'Enviar logo'}
        </Button>
        {logoUrl ? (
          <Button
            color="error"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => onLogoUrlChange('')}
          >
            Remover
          </Button>
        ) : null}
      </Box>
      {upload ? (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={upload.percent} aria-label="Envio do logo" />
          <Typography variant="caption" color="text.secondary">
            Enviando… {upload.percent} %
          </Typography>
        </Box>
      ) : null}
      {uploadError ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {uploadError}
        </Alert>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        JPEG, PNG ou WebP até 10 MB; de preferência com fundo transparente.
      </Typography>
    </Box>
  );
}

export function BrandFormDialog({ brand, onClose, onSave, onUploadLogo }: BrandFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formId = useId();
  const [values, setValues] = useState<Record<Fields, string>>(() => initialValues(brand));
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<{ percent: number } | null>(null);

  const set = (field: Fields) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = brandInput(values, brand?.active ?? true);
    // The server's rule for a brand (@vitrine/rules checkBrandInput), its first refusal at its
    // field; the logo is what the upload answered, which the server judges.
    const checked = checkBrandInput(input, brand, { isUpload: () => true });
    setErrors(
      checked.ok ? {} : { [checked.issue.field.replace(/^input\./, '')]: checked.issue.message },
    );
    setFormError(null);
    if (!checked.ok) return;
    setSaving(true);
    try {
      await onSave(input);
      onClose();
    } catch (error) {
      const refusal = error as Partial<BrandSaveError>;
      const field = refusal.field?.replace(/^input\./, '') as Fields | undefined;
      const message = refusal.message ?? 'Não foi possível salvar a marca.';
      if (field && field in values) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  }

  const text = (
    field: Fields,
    label: string,
    extra: Partial<ComponentProps<typeof TextField>> = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errors[field] !== undefined}
      {...extra}
      helperText={errors[field] ?? extra.helperText}
    />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`}>
        {brand ? `Editar ${brand.name}` : 'Nova marca'}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={(event: FormEvent) => void submit(event)}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: 3,
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {text('name', 'Nome', { required: true, slotProps: { htmlInput: { maxLength: 120 } } })}
            {text('slug', 'Identificador no endereço', {
              helperText: values.slug
                ? `A página fica em ${storefrontPaths.brand(values.slug)}`
                : 'Vazio: feito a partir do nome.',
            })}
            {text('description', 'Descrição', { multiline: true, minRows: 3 })}
            <LogoField
              logoUrl={values.logoUrl}
              onLogoUrlChange={set('logoUrl')}
              onUploadLogo={onUploadLogo}
              upload={upload}
              onUploadChange={setUpload}
            />
            {text('color', 'Cor da marca', {
              required: true,
              helperText: 'Usada no topo da página da marca, nos preços e nos botões.',
              slotProps: {
                htmlInput: { maxLength: 7, spellCheck: false },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <ColorSwatch value={values.color} onChange={set('color')} />
                    </InputAdornment>
                  ),
                },
              },
            })}
            {text('seoTitle', 'Título para buscadores', {
              helperText: `${counter(values.seoTitle.length, SEO_TITLE_ADVICE)}. Vazio: o nome da marca.`,
              slotProps: { htmlInput: { maxLength: 120 } },
            })}
            {text('seoDescription', 'Descrição para buscadores', {
              multiline: true,
              minRows: 2,
              helperText: `${counter(values.seoDescription.length, SEO_DESCRIPTION_ADVICE)}. Vazio: o começo da descrição.`,
              slotProps: { htmlInput: { maxLength: 320 } },
            })}
          </Box>
          <BrandPreview
            name={values.name}
            description={values.description}
            color={values.color}
            logoUrl={values.logoUrl || null}
            productCount={brand?.productCount ?? 0}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={saving}
          disabled={upload !== null}
        >
          {brand ? 'Salvar' : 'Criar marca'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
