// The product editor, pure: the form's sections (main data, description with its preview,
// photos, variants, SEO with a Google-like result), the summary of errors with links to the
// fields, a sticky save bar, the version-conflict dialog with the other person's change side by
// side, the leave-without-saving question and the shopper's view of the product.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { FormattedText, formattedTextToPlain } from '../../../components/FormattedText';
import { DashboardPage } from '../shared';
import type { StaffRole } from '../Orders/orderLabels';
import { ConflictDialog, type ConflictState } from './ConflictDialog';
import { FiscalSection } from './FiscalSection';
import { PhotosSection } from './PhotosSection';
import { ProductPreviewDialog } from './ProductPreviewDialog';
import type { CategoryNode, EditorBrand } from './ProductEditorScreen.graphql';
import {
  DRAFT_LABEL,
  effectiveSlug,
  fieldDomId,
  fieldLabel,
  SEO_DESCRIPTION_MAX,
  PUBLISHED_LABEL,
  SEO_TITLE_MAX,
  withSuggestedSkus,
  type FieldErrors,
  type ProductForm,
} from './productForm';
import type { MergeSide } from './productMerge';
import { VariantsSection } from './VariantsSection';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';

export type SlugCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; slug: string }
  | { state: 'taken'; slug: string; suggestion: string | null }
  | { state: 'error' };

export interface ProductEditorViewProps {
  status: 'loading' | 'notFound' | 'error' | 'ready';
  errorMessage?: string | null;
  onRetry?(): void;
  mode: 'new' | 'edit';
  /** The product's saved name (the title while editing). */
  savedName: string | null;
  /** Whether the stored product is on the site (null: not saved yet). */
  savedPublished: boolean | null;
  role: StaffRole | null;
  form: ProductForm;
  onFormChange(form: ProductForm): void;
  brands: EditorBrand[];
  categories: CategoryNode[];
  slugCheck: SlugCheckState;
  fieldErrors: FieldErrors;
  pageError: string | null;
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  onAddFiles(files: File[]): void;
  notice: string | null;
  onDismissNotice(): void;
  conflict: ConflictState | null;
  onConflictChoose(key: string, side: MergeSide): void;
  onConflictRetry(): void;
  onConflictKeepMine(): void;
  onConflictDiscardMine(): void;
  onConflictClose(): void;
  leaveAsking: boolean;
  onLeave(): void;
  onStay(): void;
  listHref: string;
}

interface CategoryOption {
  id: string;
  label: string;
  depth: number;
  path: string;
}

export function flattenCategoryTree(
  categories: CategoryNode[],
  depth = 0,
  parents: string[] = [],
): CategoryOption[] {
  return categories.flatMap((category) => [
    {
      id: category.id,
      label: category.name,
      depth,
      path: [...parents, category.name].join(' › '),
    },
    ...flattenCategoryTree(category.children ?? [], depth + 1, [...parents, category.name]),
  ]);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, mb: 2 }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type Format = 'bold' | 'italic' | 'list';

/** The description with the selection wrapped in the format's markers. */
export function applyFormat(
  text: string,
  start: number,
  end: number,
  format: Format,
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  if (format === 'list') {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const block = text.slice(lineStart, end);
    const listed = block
      .split('\n')
      .map((line) => (line.startsWith('- ') ? line : `- ${line}`))
      .join('\n');
    return {
      text: text.slice(0, lineStart) + listed + text.slice(end),
      start: lineStart,
      end: lineStart + listed.length,
    };
  }
  const marker = format === 'bold' ? '**' : '*';
  const inner = selected === '' ? (format === 'bold' ? 'negrito' : 'itálico') : selected;
  return {
    text: `${text.slice(0, start)}${marker}${inner}${marker}${text.slice(end)}`,
    start: start + marker.length,
    end: start + marker.length + inner.length,
  };
}

function DescriptionField({
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

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The header's mark: what the product is on the site now, and what saving will make it. */
export function publicationStatus(saved: boolean | null, published: boolean): string {
  if (saved === null) {
    return published ? 'Novo — será publicado ao salvar' : 'Novo — será salvo como rascunho';
  }
  if (saved === published) return published ? PUBLISHED_LABEL : DRAFT_LABEL;
  return published ? 'Rascunho — será publicado ao salvar' : 'Publicado — vira rascunho ao salvar';
}

function PublicationChip({ saved, published }: { saved: boolean | null; published: boolean }) {
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

export function ProductEditorView(props: ProductEditorViewProps) {
  const { form, onFormChange, mode, role, fieldErrors: errors } = props;
  const [previewOpen, setPreviewOpen] = useState(false);
  const readOnly = role === 'SUPPORT';
  const title =
    mode === 'new' ? 'Novo produto' : props.savedName ? `Editar ${props.savedName}` : 'Produto';
  const breadcrumbs = [
    { label: 'Produtos', to: props.listHref },
    { label: mode === 'new' ? 'Novo' : (props.savedName ?? 'Produto') },
  ];

  if (props.status === 'loading') {
    return (
      <DashboardPage title="Carregando produto…" breadcrumbs={breadcrumbs}>
        <Box role="status" aria-busy="true" aria-label="Carregando produto">
          {[0, 1, 2].map((item) => (
            <Skeleton key={item} variant="rounded" height={160} sx={{ mb: 2 }} />
          ))}
        </Box>
      </DashboardPage>
    );
  }
  if (props.status === 'notFound') {
    return (
      <DashboardPage title="Produto não encontrado" breadcrumbs={breadcrumbs}>
        <Alert severity="warning">
          Este produto não existe ou foi removido.{' '}
          <Link component={RouterLink} to={props.listHref}>
            Voltar aos produtos
          </Link>
        </Alert>
      </DashboardPage>
    );
  }
  if (props.status === 'error') {
    return (
      <DashboardPage title="Produto" breadcrumbs={breadcrumbs}>
        <Alert
          severity="error"
          action={
            props.onRetry ? (
              <Button color="inherit" onClick={props.onRetry}>
                Tentar de novo
              </Button>
            ) : null
          }
        >
          {props.errorMessage ?? 'Não foi possível carregar o produto.'}
        </Alert>
      </DashboardPage>
    );
  }

  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    onFormChange({ ...form, [key]: value });
  const slug = effectiveSlug(form);
  const categoryOptions = flattenCategoryTree(props.categories);
  const errorEntries = Object.entries(errors);
  const seoTitleLength = form.seoTitle.trim().length;
  const seoDescriptionLength = form.seoDescription.trim().length;
  const plainDescription = formattedTextToPlain(form.description);

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
    <DashboardPage
      title={title}
      breadcrumbs={breadcrumbs}
      actions={
        <>
          <PublicationChip saved={props.savedPublished} published={form.published} />
          <Button variant="outlined" onClick={() => setPreviewOpen(true)}>
            Ver como o cliente
          </Button>
        </>
      }
    >
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Seu perfil (Atendimento) só consulta produtos: os campos estão bloqueados.
        </Alert>
      ) : null}
      {props.pageError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {props.pageError}
        </Alert>
      ) : null}
      {errorEntries.length > 0 ? (
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
      ) : null}

      <Box
        component="form"
        // Inputs shrink with their column (phones): no intrinsic 20-character width.
        sx={{
          '& .MuiInputBase-input': { minWidth: 0 },
          // Read-only (SUPPORT): the hints stay readable.
          '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
        }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <Section id="secao-dados" title="Dados do produto">
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
              error={!!errors.slug || props.slugCheck.state === 'taken'}
              helperText={
                errors.slug ?? (
                  <SlugHelper
                    slugCheck={props.slugCheck}
                    mode={mode}
                    onUse={(suggestion) =>
                      onFormChange({ ...form, slug: suggestion, slugEdited: true })
                    }
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
              {props.brands.map((brand) => (
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
          </Box>
        </Section>

        <Section id="secao-descricao" title="Descrição">
          <DescriptionField
            value={form.description}
            readOnly={readOnly}
            error={errors.description}
            onChange={(description) => set('description', description)}
          />
        </Section>

        <Section id="secao-fotos" title="Fotos">
          <PhotosSection
            photos={form.photos}
            readOnly={readOnly}
            errors={errors}
            onAddFiles={props.onAddFiles}
            onChange={(photos) => set('photos', photos)}
          />
        </Section>

        <Section id="secao-variacoes" title="Variações">
          <VariantsSection
            sizes={form.sizes}
            colors={form.colors}
            variants={form.variants}
            slug={slug}
            readOnly={readOnly}
            errors={errors}
            onChange={(next) => onFormChange({ ...form, ...next })}
          />
        </Section>

        <Section id="secao-fiscal" title="Fiscal">
          <FiscalSection
            form={form}
            errors={errors}
            disabled={readOnly}
            fieldId={fieldDomId}
            onChange={(field, value) => set(field, value)}
          />
        </Section>

        <Section id="secao-seo" title="Buscadores (SEO)">
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
                onChange={(event) => set('seoTitle', event.target.value)}
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
                onChange={(event) => set('seoDescription', event.target.value)}
              />
            </Box>
            <GooglePreview
              title={truncate(form.seoTitle.trim() || form.name, SEO_TITLE_MAX)}
              slug={slug}
              description={truncate(
                form.seoDescription.trim() || plainDescription,
                SEO_DESCRIPTION_MAX,
              )}
            />
          </Box>
        </Section>

        {!readOnly ? (
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
              {props.dirty ? 'Alterações não salvas' : 'Tudo salvo'}
            </Typography>
            <Button variant="contained" type="submit" disabled={props.saving}>
              {props.saving
                ? 'Salvando…'
                : form.published
                  ? 'Salvar e publicar'
                  : 'Salvar rascunho'}
            </Button>
          </Paper>
        ) : null}
      </Box>

      <ConflictDialog
        conflict={props.conflict}
        onChoose={props.onConflictChoose}
        onRetry={props.onConflictRetry}
        onKeepMine={props.onConflictKeepMine}
        onDiscardMine={props.onConflictDiscardMine}
        onClose={props.onConflictClose}
      />

      <LeaveDialog
        open={props.leaveAsking}
        where="neste produto"
        onLeave={props.onLeave}
        onStay={props.onStay}
      />

      <ProductPreviewDialog
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        form={form}
        brand={props.brands.find((brand) => brand.id === form.brandId) ?? null}
        categoryPath={
          categoryOptions.find((option) => option.id === form.categoryId)?.path.split(' › ') ?? []
        }
      />

      <Snackbar
        open={props.notice !== null}
        autoHideDuration={6000}
        onClose={props.onDismissNotice}
        message={props.notice}
      />
    </DashboardPage>
  );
}
