export { ProductGallery, type GalleryImage, type ProductGalleryProps } from './ProductGallery';
