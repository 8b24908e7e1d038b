// The frame of every dashboard page: the document title, breadcrumbs, the page's h1 with its
// actions on the right (below it on phones), then the page. Pure.
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface DashboardBreadcrumb {
  label: string;
  /** Without it the crumb is plain text (the current page). */
  to?: string;
}

export interface DashboardPageProps {
  title: string;
  breadcrumbs?: DashboardBreadcrumb[];
  /** Buttons beside the title (they wrap below it on narrow screens). */
  actions?: ReactNode;
  children: ReactNode;
  /** The page's maximum width in px; false for the full width. 1200 by default. */
  maxWidth?: number | false;
}

/** Sets document.title to `${title} · Painel` while mounted, and puts back the previous one. */
export function useDashboardTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Painel`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export function DashboardPage({
  title,
  breadcrumbs,
  actions,
  children,
  maxWidth = 1200,
}: DashboardPageProps) {
  useDashboardTitle(title);
  return (
    <Box sx={{ maxWidth: maxWidth === false ? 'none' : maxWidth, minWidth: 0 }}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label="Trilha de navegação" sx={{ mb: 1, displayPrint: 'none' }}>
          {breadcrumbs.map((crumb, position) =>
            crumb.to !== undefined ? (
              <Link
                key={`${crumb.label}-${position}`}
                component={RouterLink}
                to={crumb.to}
                underline="hover"
                color="inherit"
              >
                {crumb.label}
              </Link>
            ) : (
              <Typography
                key={`${crumb.label}-${position}`}
                color="text.primary"
                aria-current="page"
              >
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1.5,
          mb: 3,
        }}
      >
        <Typography component="h1" variant="h4" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions ? (
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              displayPrint: 'none',
            }}
          >
            {actions}
          </Box>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}
