// The product editor with real data: /painel/produtos/novo (no id) and /painel/produtos/:id.
// The product (adminProduct), the brands the staff member may use (staffBrands) and the category
// tree; the slug checked as typed (debounced productSlugCheck); photos uploaded one request each
// with progress; one productSave with the loaded version. A VERSION_CONFLICT never overwrites:
// the editor loads the version stored now and merges (productMerge.ts, three-way from the version
// the form was loaded from): the other person's changes stay, this person's are re-applied, and
// a field both changed waits for their choice; or they discard theirs. The slug check and the
// uploads are in useProductEditorEffects, the conflict in useProductConflict.
import { useMutation, useQuery, type ApolloError } from '@apollo/client';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { isNotFoundError, readServerError } from '../../shared/graphqlErrors';
import { categoryTreeFromFlat, useBrandScope, withBrandScope } from '../shared';
import { ProductEditorView } from './ProductEditorView';
import {
  PRODUCT_EDITOR_OPTIONS_QUERY,
  PRODUCT_EDITOR_QUERY,
  PRODUCT_SAVE_MUTATION,
  type ProductEditorOptions,
} from './ProductEditorScreen.graphql';
import {
  effectiveSlug,
  emptyForm,
  fieldOfPath,
  formFromProduct,
  toSaveInput,
  validateForm,
  type EditorProduct,
  type FieldErrors,
  type ProductForm,
} from './productForm';
import { createImageUploader, type UploadImage } from './uploadImage';
import { useProductConflict } from './useProductConflict';
import { photoUploader, useSlugCheck } from './useProductEditorEffects';
import { useLeaveGuard } from '../../../components/dashboard/LeaveDialog';

export { SLUG_CHECK_DELAY_MS } from './useProductEditorEffects';

export interface ProductEditorScreenProps {
  /** The photo uploader (POST /media/ with the staff token by default). */
  uploadImage?: UploadImage;
}

const snapshot = (form: ProductForm | null) =>
  form === null
    ? ''
    : JSON.stringify({
        input: toSaveInput(form),
        uploading: form.photos.filter((photo) => photo.status !== 'done').length,
      });

interface ErrorReading {
  conflictVersion: number | null;
  isConflict: boolean;
  fields: FieldErrors;
  page: string | null;
}

/** Every error of a failed save: the conflict, the fields, and what belongs to the page. */
export function readSaveErrors(error: ApolloError | Error): ErrorReading {
  const reading: ErrorReading = {
    conflictVersion: null,
    isConflict: false,
    fields: {},
    page: null,
  };
  const graphQLErrors = (error as Partial<ApolloError>).graphQLErrors ?? [];
  for (const item of graphQLErrors) {
    const extensions = (item.extensions ?? {}) as Record<string, unknown>;
    if (extensions.code === 'VERSION_CONFLICT') {
      reading.isConflict = true;
      reading.conflictVersion =
        typeof extensions.currentVersion === 'number' ? extensions.currentVersion : null;
      continue;
    }
    const field = fieldOfPath(typeof extensions.field === 'string' ? extensions.field : null);
    if (field && extensions.code === 'BAD_USER_INPUT') reading.fields[field] = item.message;
    else reading.page = readServerError({ ...error, graphQLErrors: [item] } as ApolloError).message;
  }
  if (graphQLErrors.length === 0) reading.page = readServerError(error).message;
  return reading;
}

export function ProductEditorScreen({ uploadImage }: ProductEditorScreenProps = {}) {
  const { id } = useParams();
  const mode = id ? 'edit' : 'new';
  const { brandId: scopedBrandId } = useBrandScope();
  const options = useQuery(PRODUCT_EDITOR_OPTIONS_QUERY);
  const productQuery = useQuery(PRODUCT_EDITOR_QUERY, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const loaded = productQuery.data?.adminProduct ?? null;
  const loadError = options.error ?? productQuery.error;
  const notFound =
    mode === 'edit' &&
    ((!productQuery.loading && !productQuery.error && productQuery.data !== undefined && !loaded) ||
      isNotFoundError(productQuery.error));
  const listHref = withBrandScope(dashboardPaths.products, scopedBrandId);

  if (options.data && (mode === 'new' || loaded)) {
    return (
      <ProductEditorForm
        key={id ?? 'novo'}
        id={id ?? null}
        initial={loaded}
        options={options.data}
        scopedBrandId={scopedBrandId}
        listHref={listHref}
        {...(uploadImage ? { uploadImage } : {})}
      />
    );
  }
  return (
    <ProductEditorView
      status={notFound ? 'notFound' : loadError ? 'error' : 'loading'}
      errorMessage={loadError ? readServerError(loadError).message : null}
      onRetry={() => {
        void options.refetch();
        if (id) void productQuery.refetch();
      }}
      mode={mode}
      savedName={null}
      savedPublished={null}
      role={options.data?.me.role ?? null}
      form={emptyForm()}
      onFormChange={() => undefined}
      brands={[]}
      categories={[]}
      slugCheck={{ state: 'idle' }}
      fieldErrors={{}}
      pageError={null}
      dirty={false}
      saving={false}
      onSave={() => undefined}
      onAddFiles={() => undefined}
      notice={null}
      onDismissNotice={() => undefined}
      conflict={null}
      onConflictChoose={() => undefined}
      onConflictRetry={() => undefined}
      onConflictKeepMine={() => undefined}
      onConflictDiscardMine={() => undefined}
      onConflictClose={() => undefined}
      leaveAsking={false}
      onLeave={() => undefined}
      onStay={() => undefined}
      listHref={listHref}
    />
  );
}

interface ProductEditorFormProps {
  id: string | null;
  initial: EditorProduct | null;
  options: ProductEditorOptions;
  scopedBrandId: string | null;
  listHref: string;
  uploadImage?: UploadImage;
}

/** A new product: the scoped brand, or the only one a brand manager has. */
function newProductForm(options: ProductEditorOptions, scopedBrandId: string | null) {
  const brands = options.staffBrands;
  const only = brands.length === 1 ? (brands[0]?.id ?? '') : '';
  const scoped = brands.some((brand) => brand.id === scopedBrandId) ? (scopedBrandId ?? '') : '';
  return emptyForm(scoped || only);
}

function ProductEditorForm({
  id,
  initial,
  options,
  scopedBrandId,
  listHref,
  uploadImage,
}: ProductEditorFormProps) {
  const mode = id ? 'edit' : 'new';
  const navigate = useNavigate();
  const auth = useAuth();
  const upload = useMemo(() => uploadImage ?? createImageUploader(auth), [auth, uploadImage]);
  const [save, { loading: saving }] = useMutation(PRODUCT_SAVE_MUTATION);

  const [form, setForm] = useState<ProductForm>(() =>
    initial ? formFromProduct(initial) : newProductForm(options, scopedBrandId),
  );
  const [baseline, setBaseline] = useState(() => snapshot(form));
  const [version, setVersion] = useState<number | null>(initial?.version ?? null);
  // The stored version the form was loaded from (or continued from after a conflict): the
  // merge's base.
  const [base, setBase] = useState<EditorProduct | null>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const categories = useMemo(
    () => categoryTreeFromFlat(options.staffCategories),
    [options.staffCategories],
  );
  const role = options.me.role;
  const readOnly = role === 'SUPPORT';
  const dirty = snapshot(form) !== baseline;
  const guard = useLeaveGuard(dirty && !readOnly);

  function load(product: EditorProduct) {
    const next = formFromProduct(product);
    setForm(next);
    setBaseline(snapshot(next));
    setVersion(product.version);
    setBase(product);
  }

  // The slug, checked as typed.
  const slug = effectiveSlug(form);
  const slugCheck = useSlugCheck({
    slug,
    productId: id,
    needsCheck: !readOnly && slug !== '' && slug !== base?.slug,
  });

  const conflict = useProductConflict({
    id,
    base,
    form,
    brands: options.staffBrands,
    categories,
    onKeepMine: (merged, current) => {
      setForm(merged);
      // "Alterações não salvas" now means what this person changed over the current version.
      setBaseline(snapshot(formFromProduct(current)));
      setVersion(current.version);
      setBase(current);
      setFieldErrors({});
      setNotice('Suas alterações foram reaplicadas sobre a versão atual. Revise e salve.');
    },
    onDiscardMine: (current) => {
      load(current);
      setFieldErrors({});
      setNotice('Você está vendo a versão atual do produto.');
    },
  });

  async function handleSave() {
    if (readOnly) return;
    const errors = validateForm(form);
    setFieldErrors(errors);
    setPageError(null);
    if (Object.keys(errors).length > 0) return;
    try {
      const result = await save({
        variables: { id, expectedVersion: id ? version : null, input: toSaveInput(form) },
      });
      const product = result.data?.productSave;
      if (!product) return;
      setNotice(form.published ? 'Produto salvo e publicado.' : 'Produto salvo como rascunho.');
      if (mode === 'new') {
        guard.release();
        void navigate(withBrandScope(dashboardPaths.product(product.id), scopedBrandId), {
          replace: true,
        });
        return;
      }
      load(product);
    } catch (cause) {
      const reading = readSaveErrors(cause as Error);
      if (reading.isConflict) {
        void conflict.open(reading.conflictVersion);
        return;
      }
      setFieldErrors(reading.fields);
      setPageError(reading.page);
    }
  }

  return (
    <ProductEditorView
      status="ready"
      mode={mode}
      savedName={base?.name ?? null}
      savedPublished={base?.published ?? null}
      role={role}
      form={form}
      onFormChange={setForm}
      brands={options.staffBrands}
      categories={categories}
      slugCheck={slugCheck}
      fieldErrors={fieldErrors}
      pageError={pageError}
      dirty={dirty}
      saving={saving}
      onSave={() => void handleSave()}
      onAddFiles={photoUploader(upload, setForm)}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      conflict={conflict.conflict}
      onConflictChoose={conflict.choose}
      onConflictRetry={() => void conflict.open(conflict.conflict?.currentVersion ?? null)}
      onConflictKeepMine={conflict.keepMine}
      onConflictDiscardMine={conflict.discardMine}
      onConflictClose={conflict.close}
      leaveAsking={guard.asking}
      onLeave={guard.proceed}
      onStay={guard.stay}
      listHref={listHref}
    />
  );
}
