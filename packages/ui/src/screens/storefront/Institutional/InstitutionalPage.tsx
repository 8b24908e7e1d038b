// The shared frame of the institutional pages: breadcrumb, title, summary, an optional table of
// contents of the sections, and the sections (h2) themselves.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { Breadcrumbs } from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';

export interface InstitutionalSectionLink {
  id: string;
  title: string;
}

export interface InstitutionalPageProps {
  title: string;
  /** The page in one or two sentences, under the title (null: none, e.g. the store's own text). */
  summary: ReactNode;
  /** 'Atualizada em 1º de novembro de 2026' (policies). */
  updatedLabel?: string;
  /** Lists the sections in a 'Nesta página' box (the longer pages). */
  contents?: InstitutionalSectionLink[];
  children: ReactNode;
}

export function InstitutionalPage({
  title,
  summary,
  updatedLabel,
  contents,
  children,
}: InstitutionalPageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs
        items={[{ label: 'Início', href: storefrontPaths.home }, { label: title }]}
        sx={{ mb: 1.5 }}
      />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {summary ? (
        <Typography
          variant="body1"
          color="text.secondary"
          component="div"
          sx={{ mt: 1.5, fontSize: '1.0625rem', '& p': { m: 0 } }}
        >
          {summary}
        </Typography>
      ) : null}
      {updatedLabel ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {updatedLabel}
        </Typography>
      ) : null}
      {contents && contents.length > 0 ? (
        <Paper
          component="nav"
          variant="outlined"
          aria-label="Nesta página"
          sx={{ mt: 3, p: { xs: 2, sm: 2.5 } }}
        >
          <Typography variant="overline" component="h2" color="text.secondary">
            Nesta página
          </Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {contents.map((section) => (
              <li key={section.id}>
                <Link
                  href={`#${section.id}`}
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </Box>
        </Paper>
      ) : null}
      {/* A long e-mail address in the text wraps on a 320 px phone instead of widening it. */}
      <Box sx={{ mt: 2, overflowWrap: 'anywhere' }}>{children}</Box>
    </Container>
  );
}

export interface InstitutionalSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** A section with its h2; text inside uses plain p/ul/h3 elements, styled here. */
export function InstitutionalSection({ id, title, children }: InstitutionalSectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-titulo`}
      sx={{
        mt: { xs: 4, md: 5 },
        scrollMarginTop: 88,
        lineHeight: 1.7,
        '& p': { my: 1.5 },
        '& ul, & ol': { my: 1.5, pl: 3 },
        '& li + li': { mt: 0.75 },
        '& h3': { typography: 'subtitle1', fontWeight: 700, mt: 3, mb: 0.5 },
      }}
      id={id}
    >
      <Typography id={`${id}-titulo`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
