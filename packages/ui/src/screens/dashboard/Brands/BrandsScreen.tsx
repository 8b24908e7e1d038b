// The brands page with real data ('dashboard/brands', ADMIN only): staffBrands, brandCreate and
// brandUpdate (deactivating is an update with active: false); the open dialog in the URL
// (?editar=<id>, ?editar=nova); logos go to POST /media/ first.
import { useMutation, useQuery } from '@apollo/client';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { readServerError } from '../../shared/graphqlErrors';
import { createImageUploader } from '../ProductEditor/uploadImage';
import type { BrandSaveError, UploadLogo } from './BrandFormDialog';
import {
  BRAND_CREATE_MUTATION,
  BRAND_UPDATE_MUTATION,
  DASHBOARD_BRANDS_QUERY,
  DASHBOARD_BRANDS_ROLE_QUERY,
  type BrandInputVariables,
  type StaffBrand,
} from './BrandsScreen.graphql';
import { BrandsView } from './BrandsView';

export const BRANDS_ERROR = 'Não foi possível carregar as marcas.';
const EDIT_PARAM = 'editar';

function saveError(error: unknown): BrandSaveError {
  const read = readServerError(error as Error);
  return { field: read.field, message: read.message };
}

/** Every field of the brand as BrandInput takes them (brandUpdate replaces the whole brand). */
function inputOf(brand: StaffBrand): BrandInputVariables {
  return {
    slug: brand.slug,
    name: brand.name,
    description: brand.description,
    color: brand.color,
    logoUrl: brand.logoUrl,
    seoTitle: brand.seoTitle,
    seoDescription: brand.seoDescription,
    active: brand.active,
  };
}

export interface BrandsScreenProps {
  /** The logo uploader (POST /media/ with the staff token by default). */
  uploadLogo?: UploadLogo;
}

export function BrandsScreen({ uploadLogo }: BrandsScreenProps = {}) {
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useQuery(DASHBOARD_BRANDS_ROLE_QUERY);
  const role = me.data?.me.role ?? null;
  const list = useQuery(DASHBOARD_BRANDS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: role !== 'ADMIN',
  });
  const [createBrand] = useMutation(BRAND_CREATE_MUTATION);
  const [updateBrand] = useMutation(BRAND_UPDATE_MUTATION);
  const defaultUpload = useMemo(() => createImageUploader(auth), [auth]);

  const loadError = me.error ?? list.error;
  return (
    <BrandsView
      brands={list.data?.staffBrands ?? null}
      loading={me.loading || list.loading}
      error={loadError ? BRANDS_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : list.refetch())}
      forbidden={role !== null && role !== 'ADMIN'}
      editing={searchParams.get(EDIT_PARAM)}
      onEditingChange={(editing) =>
        setSearchParams((previous) => {
          const next = new URLSearchParams(previous);
          if (editing === null) next.delete(EDIT_PARAM);
          else next.set(EDIT_PARAM, editing);
          return next;
        })
      }
      onCreate={async (input) => {
        try {
          await createBrand({ variables: { input } });
        } catch (error) {
          throw saveError(error);
        }
        await list.refetch();
      }}
      onUpdate={async (id, input) => {
        try {
          await updateBrand({ variables: { id, input } });
        } catch (error) {
          throw saveError(error);
        }
        await list.refetch();
      }}
      onSetActive={async (brand, active) => {
        try {
          await updateBrand({ variables: { id: brand.id, input: { ...inputOf(brand), active } } });
        } catch (error) {
          throw new Error(readServerError(error as Error).message);
        }
        await list.refetch();
      }}
      onUploadLogo={uploadLogo ?? defaultUpload}
    />
  );
}
