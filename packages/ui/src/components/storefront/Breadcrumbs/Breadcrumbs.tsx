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
  /**
   * Below 600 px, leave out the current page (the last item, named by the page's heading right
   * below), so a long product name does not wrap the trail onto a second line.
   */
  compactOnPhone?: boolean;
}

const Root = styled(MuiBreadcrumbs, {
  name: 'VtBreadcrumbs',
  slot: 'Root',
  shouldForwardProp: (prop) => prop !== 'compact',
})<{ compact?: boolean }>(({ theme, compact }) => ({
  // The current page and the separator before it (MUI puts separators in their own items).
  ...(compact && {
    [theme.breakpoints.down('sm')]: { '& li:nth-last-of-type(-n+2)': { display: 'none' } },
  }),
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
  const {
    items,
    compactOnPhone = false,
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtBreadcrumbs',
  });
  const current = items.length > 1 && !items[items.length - 1]?.href;
  return (
    <Root aria-label="Você está em" compact={compactOnPhone && current} {...other}>
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
