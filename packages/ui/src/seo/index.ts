export { breadcrumbJsonLd, productJsonLd, type ProductJsonLdInput } from './jsonLd';
export { absoluteUrl, applySeo, fullTitle, useSeo, type SeoOptions } from './useSeo';
