// The product editor, pure: the form's sections (main data, description with its preview,
// photos, variants, SEO with a Google-like result), the summary of errors with links to the
// fields, a sticky save bar, the version-conflict dialog with the other person's change side by
// side, the leave-without-saving question and the shopper's view of the product.
// Its parts: ProductMainFields, DescriptionField, SeoFields, ProductEditorStatus and the helpers
// in productEditorHelpers.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { DashboardPage } from '../shared';
import type { StaffRole } from '../Orders/orderLabels';
import { ConflictDialog, type ConflictState } from './ConflictDialog';
import { DescriptionField } from './DescriptionField';
import { FiscalSection } from './FiscalSection';
import { PhotosSection } from './PhotosSection';
import { ProductPreviewDialog } from './ProductPreviewDialog';
import type { CategoryNode, EditorBrand } from './ProductEditorScreen.graphql';
import { flattenCategoryTree, type CategoryOption } from './productEditorHelpers';
import { ErrorSummary, PublicationChip, SaveBar } from './ProductEditorStatus';
import { effectiveSlug, fieldDomId, type FieldErrors, type ProductForm } from './productForm';
import type { MergeSide } from './productMerge';
import { ProductMainFields } from './ProductMainFields';
import { SeoFields } from './SeoFields';
import { VariantsSection } from './VariantsSection';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';

export { applyFormat, flattenCategoryTree, publicationStatus } from './productEditorHelpers';

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

/** The editor without a product to show: loading, not found, or failed to load. */
function EditorUnavailable({
  status,
  breadcrumbs,
  listHref,
  errorMessage,
  onRetry,
}: Pick<ProductEditorViewProps, 'listHref' | 'errorMessage' | 'onRetry'> & {
  status: 'loading' | 'notFound' | 'error';
  breadcrumbs: { label: string; to?: string }[];
}) {
  if (status === 'loading') {
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
  if (status === 'notFound') {
    return (
      <DashboardPage title="Produto não encontrado" breadcrumbs={breadcrumbs}>
        <Alert severity="warning">
          Este produto não existe ou foi removido.{' '}
          <Link component={RouterLink} to={listHref}>
            Voltar aos produtos
          </Link>
        </Alert>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title="Produto" breadcrumbs={breadcrumbs}>
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" onClick={onRetry}>
              Tentar de novo
            </Button>
          ) : null
        }
      >
        {errorMessage ?? 'Não foi possível carregar o produto.'}
      </Alert>
    </DashboardPage>
  );
}

/** The editor's dialogs: the version conflict, leaving unsaved, the shopper's view, the notice. */
function EditorDialogs({
  previewOpen,
  onClosePreview,
  categoryOptions,
  ...props
}: ProductEditorViewProps & {
  previewOpen: boolean;
  onClosePreview(): void;
  categoryOptions: CategoryOption[];
}) {
  const form = props.form;
  return (
    <>
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
        onClose={onClosePreview}
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
    </>
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

  if (props.status !== 'ready') {
    return (
      <EditorUnavailable
        status={props.status}
        breadcrumbs={breadcrumbs}
        listHref={props.listHref}
        errorMessage={props.errorMessage}
        onRetry={props.onRetry}
      />
    );
  }

  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    onFormChange({ ...form, [key]: value });
  const slug = effectiveSlug(form);
  const categoryOptions = flattenCategoryTree(props.categories);

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
      <ErrorSummary errors={errors} form={form} />

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
          <ProductMainFields
            form={form}
            onFormChange={onFormChange}
            mode={mode}
            role={role}
            readOnly={readOnly}
            errors={errors}
            slugCheck={props.slugCheck}
            brands={props.brands}
            categoryOptions={categoryOptions}
          />
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
          <SeoFields form={form} readOnly={readOnly} errors={errors} onChange={set} />
        </Section>

        {!readOnly ? (
          <SaveBar dirty={props.dirty} saving={props.saving} published={form.published} />
        ) : null}
      </Box>

      <EditorDialogs
        {...props}
        previewOpen={previewOpen}
        onClosePreview={() => setPreviewOpen(false)}
        categoryOptions={categoryOptions}
      />
    </DashboardPage>
  );
}
