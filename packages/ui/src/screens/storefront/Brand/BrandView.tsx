// The brand page, pure: the brand's hero and catalog in the brand's own palette, or not found.
import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';

import type { BreadcrumbItem } from '../../../components/storefront';
import { NotFoundView } from '../../errors/NotFound';
import { useBrandTheme } from '../../shared/brandTheme';
import { storefrontPaths } from '../../../routes/paths';
import { ListingView, type ListingViewProps } from '../Listing/ListingView';
import { BrandHero } from './BrandHero';

export interface BrandViewData {
  slug: string;
  name: string;
  description: string;
  /** The colour staff chose (hex); the page's theme is made from it. */
  color: string;
  logoUrl: string | null;
  productCount: number;
}

export interface BrandViewProps extends Omit<
  ListingViewProps,
  'title' | 'description' | 'breadcrumbs' | 'header' | 'status' | 'hideBrandFilter'
> {
  /** null while loading, on error, or when no brand has that address. */
  brand: BrandViewData | null;
  /**
   * 'loading' and 'error' are the brand's own (its hero cannot show without it); 'ready' lets
   * the catalog speak for itself through `catalogStatus`.
   */
  status: 'loading' | 'error' | 'notFound' | 'ready';
  /** The product list's own state once the brand is known. */
  catalogStatus: ListingViewProps['status'];
}

/** Where "Marcas" leads: the home's brands section (there is no brands index page). */
export const BRANDS_SECTION_PATH = `${storefrontPaths.home}#marcas`;

/** Every crumb but the last links somewhere, as a BreadcrumbList's ListItems must. */
export function brandBreadcrumbs(brandName: string | null): BreadcrumbItem[] {
  return [
    { label: 'Início', href: storefrontPaths.home },
    { label: 'Marcas', href: BRANDS_SECTION_PATH },
    { label: brandName ?? '…' },
  ];
}

export function BrandView({ brand, status, catalogStatus, ...listing }: BrandViewProps) {
  const theme = useBrandTheme(status === 'ready' ? brand?.color : null);
  if (status === 'notFound') {
    return (
      <NotFoundView homePath={storefrontPaths.home} homeLabel="Voltar para a página inicial" />
    );
  }
  const view = (
    <ListingView
      {...listing}
      title={brand?.name ?? 'Marca'}
      breadcrumbs={brandBreadcrumbs(brand?.name ?? null)}
      header={<BrandHero brand={status === 'ready' ? brand : null} />}
      status={
        status === 'ready' && brand ? catalogStatus : status === 'error' ? 'error' : 'loading'
      }
      hideBrandFilter
    />
  );
  if (!theme) return view;
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ bgcolor: 'background.default' }}>{view}</Box>
    </ThemeProvider>
  );
}
