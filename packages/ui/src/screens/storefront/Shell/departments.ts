// The storefront's department menu: the category tree, two levels, as the header shows it.
import type { StorefrontShellQuery } from './StorefrontShellScreen.graphql';

export interface DepartmentLink {
  slug: string;
  name: string;
}

export interface Department extends DepartmentLink {
  children: readonly DepartmentLink[];
}

/** The departments, each with its subcategories, in the store's order. */
export function departmentsOf(data: Pick<StorefrontShellQuery, 'categories'>): Department[] {
  return data.categories;
}
