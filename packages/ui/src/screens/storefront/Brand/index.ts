export { BrandHero, type BrandHeroProps } from './BrandHero';
export { BrandScreen } from './BrandScreen';
