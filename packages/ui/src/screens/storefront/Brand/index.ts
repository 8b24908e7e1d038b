export { BrandHero, type BrandHeroProps } from './BrandHero';
export { BrandScreen } from './BrandScreen';
export { BrandView, type BrandViewData, type BrandViewProps } from './BrandView';
