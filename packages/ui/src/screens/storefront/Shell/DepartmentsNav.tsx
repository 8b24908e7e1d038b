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

const Nav = styled('nav', { name: 'VtDepartments', slot: 'Root' })(({ theme }) => ({
  // 44 px links (the touch-target minimum) under a 1 px border.
  height: DEPARTMENTS_NAV_HEIGHT,
  boxSizing: 'border-box',
  [theme.breakpoints.down('md')]: { display: 'none' },
  borderTop: `1px solid ${theme.palette.divider}`,
}));

const Row = styled('ul', { name: 'VtDepartments', slot: 'Row' })(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(0.5),
  height: '100%',
  margin: 0,
  padding: 0,
  listStyle: 'none',
}));

const Item = styled('li', { name: 'VtDepartments', slot: 'Item' })(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  '&:hover > ul, &:focus-within > ul': { display: 'grid' },
  '& > a': {
    display: 'flex',
    alignItems: 'center',
    padding: theme.spacing(0, 1.5),
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(14),
    fontWeight: theme.typography.fontWeightMedium,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    borderBottom: '2px solid transparent',
  },
  '& > a:hover, &:focus-within > a': { borderBottomColor: theme.palette.primary.main },
  '& > a:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
  },
}));

const Panel = styled('ul', { name: 'VtDepartments', slot: 'Panel' })(({ theme }) => ({
  display: 'none',
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 1,
  minWidth: 220,
  margin: 0,
  padding: theme.spacing(1, 0),
  listStyle: 'none',
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[4],
  '& a': {
    display: 'flex',
    alignItems: 'center',
    minHeight: 44,
    boxSizing: 'border-box',
    padding: theme.spacing(1, 2),
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(14),
    color: theme.palette.text.primary,
    textDecoration: 'none',
  },
  '& a:hover, & a:focus-visible': {
    backgroundColor: theme.palette.action.hover,
    outline: 'none',
  },
  '& li:first-of-type a': { fontWeight: theme.typography.fontWeightMedium },
}));

export interface DepartmentsNavProps {
  /** The tree; empty while it loads (the row keeps its height) or when the store has none. */
  departments: readonly Department[];
}

export function DepartmentsNav({ departments }: DepartmentsNavProps) {
  return (
    <Nav aria-label="Departamentos">
      {departments.length > 0 ? (
        <Row>
          {departments.map((department) => (
            <Item key={department.slug}>
              <RouterLink to={storefrontPaths.category(department.slug)}>
                {department.name}
              </RouterLink>
              {department.children.length > 0 ? (
                <Panel aria-label={department.name}>
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
                </Panel>
              ) : null}
            </Item>
          ))}
          <Item>
            <RouterLink to={`${storefrontPaths.home}#marcas`}>Marcas</RouterLink>
          </Item>
        </Row>
      ) : null}
    </Nav>
  );
}
