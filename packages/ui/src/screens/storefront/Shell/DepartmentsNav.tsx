// The department menu under the header on desktop (from md up): each department a link to its
// page, its subcategories in a panel that opens on hover and on keyboard focus. Plain styled
// elements and CSS only (no Popper, no Menu), so the storefront's first visit stays in budget.
// Phones get the same tree in a drawer behind the header's menu button (DepartmentsDrawer).
import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

import { storefrontPaths } from '../../../routes/paths';
import type { Department } from './departments';

/** The row's height: reserved while the tree loads, so nothing below moves when it arrives. */
export const DEPARTMENTS_NAV_HEIGHT = 45;

// One styled root for the row, its items and their panels (one style function is lighter on the
// first visit than four).
const Nav = styled('nav', { name: 'VtDepartments', slot: 'Root' })(({ theme }) => ({
  // 44 px links (the touch-target minimum) under a 1 px border.
  height: DEPARTMENTS_NAV_HEIGHT,
  boxSizing: 'border-box',
  borderTop: `1px solid ${theme.palette.divider}`,
  [theme.breakpoints.down('md')]: { display: 'none' },
  '& ul': { margin: 0, padding: 0, listStyle: 'none' },
  '& > ul': { display: 'flex', gap: 4, height: '100%' },
  '& > ul > li': { position: 'relative', display: 'flex' },
  '& a': {
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    fontSize: '0.875rem',
    color: theme.palette.text.primary,
    textDecoration: 'none',
  },
  '& > ul > li > a': {
    padding: '0 12px',
    fontWeight: 500,
    borderBottom: '2px solid transparent',
  },
  '& > ul > li:hover > a, & > ul > li:focus-within > a': {
    borderBottomColor: theme.palette.primary.main,
  },
  '& a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  // The subcategories' panel: opens on hover and on keyboard focus.
  '& li ul': {
    display: 'none',
    position: 'absolute',
    top: '100%',
    left: 0,
    zIndex: 1,
    minWidth: 220,
    padding: '8px 0',
    backgroundColor: theme.palette.background.paper,
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    boxShadow: theme.shadows[4],
  },
  '& li:hover > ul, & li:focus-within > ul': { display: 'grid' },
  '& li ul a': { minHeight: 44, padding: '8px 16px' },
  '& li ul a:hover, & li ul a:focus-visible': { backgroundColor: theme.palette.action.hover },
  '& li ul li:first-of-type a': { fontWeight: 500 },
}));

export interface DepartmentsNavProps {
  /** The tree; empty while it loads (the row keeps its height) or when the store has none. */
  departments: readonly Department[];
}

export function DepartmentsNav({ departments }: DepartmentsNavProps) {
  return (
    <Nav aria-label="Departamentos">
      {departments.length > 0 ? (
        <ul>
          {departments.map((department) => (
            <li key={department.slug}>
              <RouterLink to={storefrontPaths.category(department.slug)}>
                {department.name}
              </RouterLink>
              {department.children.length > 0 ? (
                <ul aria-label={department.name}>
                  <li>
                    <RouterLink to={storefrontPaths.category(department.slug)}>
                      Ver tudo em {department.name}
                    </RouterLink>
                  </li>
                  {department.children.map((child) => (
                    <li key={child.slug}>
                      <RouterLink to={storefrontPaths.category(child.slug)}>
                        {child.name}
                      </RouterLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          <li>
            <RouterLink to={`${storefrontPaths.home}#marcas`}>Marcas</RouterLink>
          </li>
        </ul>
      ) : null}
    </Nav>
  );
}
