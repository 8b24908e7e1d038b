// Kept for the checkout and confirmation screens' imports: every URL is named in routes/paths.ts.
export { storefrontPaths } from '../../../routes/paths';
