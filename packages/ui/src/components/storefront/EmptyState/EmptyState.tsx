// A friendly 'nothing here' with what to do next.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A decorative icon (hidden from screen readers). */
  icon?: ReactNode;
  /** Buttons or links: what the shopper can do next. */
  actions?: ReactNode;
  /** The heading level that fits the page's outline. */
  headingLevel?: 'h1' | 'h2' | 'h3';
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('section', { name: 'VtEmptyState', slot: 'Root' })(({ theme }) => ({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: 12,
  padding: theme.spacing(6, 2),
  maxWidth: 560,
  margin: '0 auto',
}));

const Icon = styled('div', { name: 'VtEmptyState', slot: 'Icon' })(({ theme }) => ({
  display: 'grid',
  placeItems: 'center',
  width: 72,
  height: 72,
  borderRadius: '50%',
  backgroundColor: theme.palette.grey[100],
  color: theme.palette.text.secondary,
  '& svg': { fontSize: 36 },
}));

const Title = styled('h2', { name: 'VtEmptyState', slot: 'Title' })(({ theme }) => ({
  margin: 0,
  fontSize: '1.25rem',
  fontWeight: 700,
  color: theme.palette.text.primary,
}));

const Description = styled('div', { name: 'VtEmptyState', slot: 'Description' })(({ theme }) => ({
  color: theme.palette.text.secondary,
  fontSize: '0.9375rem',
  lineHeight: 1.6,
  '& p': { margin: 0 },
  '& ul': { textAlign: 'left', margin: '8px 0 0', paddingLeft: 20 },
}));

const Actions = styled('div', { name: 'VtEmptyState', slot: 'Actions' })({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: 12,
  marginTop: 8,
});

export function EmptyState(inProps: EmptyStateProps) {
  const {
    title,
    description,
    icon,
    actions,
    headingLevel = 'h2',
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtEmptyState',
  });
  return (
    <Root {...other}>
      {icon ? <Icon aria-hidden>{icon}</Icon> : null}
      <Title as={headingLevel}>{title}</Title>
      {description ? <Description>{description}</Description> : null}
      {actions ? <Actions>{actions}</Actions> : null}
    </Root>
  );
}
