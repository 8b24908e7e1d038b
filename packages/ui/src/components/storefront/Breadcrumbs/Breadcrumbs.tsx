// 'Início › Roupas › Camisetas': where the page sits in the store.
import Link from '@mui/material/Link';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page (the last item). */
  href?: string;
}

export interface BreadcrumbsProps {
  items: BreadcrumbItem[];
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled(MuiBreadcrumbs, { name: 'VtBreadcrumbs', slot: 'Root' })(({ theme }) => ({
  fontSize: '0.8125rem',
  // Each crumb is a 44x44 target at least; a short one ('Início') centres in its box.
  '& a, & span': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 44,
    minWidth: 44,
  },
  '& [aria-current="page"]': { color: theme.palette.text.secondary },
}));

export function Breadcrumbs(inProps: BreadcrumbsProps) {
  const { items, ...other } = useThemeProps({ props: inProps, name: 'VtBreadcrumbs' });
  return (
    <Root aria-label="Você está em" {...other}>
      {items.map((item, index) =>
        item.href && index < items.length - 1 ? (
          <Link key={item.href} component={RouterLink} to={item.href} color="inherit">
            {item.label}
          </Link>
        ) : (
          <span
            key={`${item.label}-${index}`}
            aria-current={index === items.length - 1 ? 'page' : undefined}
          >
            {item.label}
          </span>
        ),
      )}
    </Root>
  );
}
