export { CATEGORIES_ERROR, CategoriesScreen } from './CategoriesScreen';
export { CATEGORIES_FORBIDDEN, CategoriesView, type CategoriesViewProps } from './CategoriesView';
export type { CategoryMove, CategoryNode } from './categoryTree';
