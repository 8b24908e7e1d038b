export { BRANDS_ERROR, BrandsScreen, type BrandsScreenProps } from './BrandsScreen';
export {
  BRANDS_FORBIDDEN,
  BrandsView,
  DEACTIVATE_WARNING,
  NEW_BRAND,
  type BrandsViewProps,
} from './BrandsView';
export { BrandFormDialog, type BrandFormDialogProps, type UploadLogo } from './BrandFormDialog';
export { BrandPreview, ContrastReport } from './BrandPreview';
export { brandContrast, formatRatio, type BrandContrast } from './brandContrast';
