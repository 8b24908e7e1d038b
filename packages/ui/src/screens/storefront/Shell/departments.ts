// The storefront's department menu: the category tree, two levels, as the header shows it.
import type { StorefrontDepartmentsQuery } from './StorefrontShellScreen.graphql';

export interface DepartmentLink {
  slug: string;
  name: string;
}

export interface Department extends DepartmentLink {
  children: readonly DepartmentLink[];
}

/** The departments worth showing: those with products, each with its stocked subcategories. */
export function departmentsOf(data: StorefrontDepartmentsQuery | undefined): Department[] {
  return (data?.categories ?? [])
    .filter((category) => category.productCount > 0)
    .map((category) => ({
      slug: category.slug,
      name: category.name,
      children: category.children
        .filter((child) => child.productCount > 0)
        .map((child) => ({ slug: child.slug, name: child.name })),
    }));
}
