// Two pieces of the product editor's state with real data: the address (slug) checked as typed,
// debounced, and the photos uploaded one request each with their progress.
import { useApolloClient } from '@apollo/client';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

import type { SlugCheckState } from './ProductEditorView';
import { PRODUCT_SLUG_CHECK_QUERY } from './ProductEditorScreen.graphql';
import { newKey, type PhotoItem, type ProductForm } from './productForm';
import type { UploadImage } from './uploadImage';

export const SLUG_CHECK_DELAY_MS = 400;

type CheckedSlug = { slug: string; result: SlugCheckState };

/** The slug's availability (the answer is kept with the slug it is for); idle when not needed. */
export function useSlugCheck({
  slug,
  productId,
  needsCheck,
}: {
  slug: string;
  productId: string | null;
  needsCheck: boolean;
}): SlugCheckState {
  const client = useApolloClient();
  const [checked, setChecked] = useState<CheckedSlug | null>(null);
  const id = productId;
  useEffect(() => {
    if (!needsCheck) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      client
        .query({
          query: PRODUCT_SLUG_CHECK_QUERY,
          variables: { slug, exceptProductId: id },
          fetchPolicy: 'network-only',
        })
        .then(({ data }) => {
          if (!current) return;
          const check = data.productSlugCheck;
          setChecked({
            slug,
            result: check.available
              ? { state: 'available', slug: check.slug }
              : { state: 'taken', slug: check.slug, suggestion: check.suggestion },
          });
        })
        .catch(() => {
          if (current) setChecked({ slug, result: { state: 'error' } });
        });
    }, SLUG_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, id, needsCheck, slug]);
  return !needsCheck
    ? { state: 'idle' }
    : checked?.slug === slug
      ? checked.result
      : { state: 'checking' };
}

/** Adds the files as photos being uploaded, and follows each upload into its photo. */
export function photoUploader(
  upload: UploadImage,
  setForm: Dispatch<SetStateAction<ProductForm>>,
): (files: File[]) => void {
  return (files) => {
    const items = files.map((file) => ({ file, key: newKey('foto') }));
    setForm((previous) => ({
      ...previous,
      photos: [
        ...previous.photos,
        ...items.map(({ file, key }) => ({
          key,
          id: null,
          url: null,
          alt: '',
          fileName: file.name,
          status: 'uploading' as const,
          progress: null,
          error: null,
        })),
      ],
    }));
    const patch = (key: string, change: Partial<PhotoItem>) =>
      setForm((previous) => ({
        ...previous,
        photos: previous.photos.map((photo) =>
          photo.key === key ? { ...photo, ...change } : photo,
        ),
      }));
    for (const { file, key } of items) {
      upload(file, (progress) => patch(key, { progress }))
        .then((image) =>
          patch(key, { id: image.id, url: image.url, status: 'done', progress: 100 }),
        )
        .catch((error: unknown) =>
          patch(key, {
            status: 'error',
            error: error instanceof Error ? error.message : 'Não foi possível enviar a foto.',
          }),
        );
    }
  };
}
