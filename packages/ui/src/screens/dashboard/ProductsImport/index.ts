export {
  IMPORT_POLL_MS,
  ProductsImportScreen,
  type ProductsImportScreenProps,
} from './ProductsImportScreen';
export {
  IMPORT_FORBIDDEN,
  IMPORT_PARAM,
  ProductsImportView,
  type ProductsImportViewProps,
} from './ProductsImportView';
export { PRODUCT_IMPORT_HEADER, productImportTemplate } from './productImportFile';
