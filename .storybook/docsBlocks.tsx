// The docs pages in Portuguese: the page's title (the screen's name and which page it is), the
// "Histórias" heading and each story's name, from the same labels as the sidebar
// (packages/ui/src/workshop/labels.ts). Storybook lets a project replace these blocks through
// `parameters.docs.components` (.storybook/preview.tsx).
import {
  Stories,
  Subheading,
  Title,
  useOf,
  type HeadingProps,
  type Of,
} from '@storybook/addon-docs/blocks';
import type { ComponentProps, PropsWithChildren, ReactNode } from 'react';

import { storyLabel, TITLE_LABELS } from '../packages/ui/src/workshop/labels';

/** 'Screens/Storefront/Checkout/Screen' -> 'Finalizar compra — Tela (com a API)'. */
export function docsPageTitle(title: string): string {
  const segments = title.split('/');
  const last = segments.at(-1) ?? title;
  const label = (segment: string) => TITLE_LABELS[segment] ?? segment;
  // A screen's two pages are named after the screen: 'Checkout/Screen', 'Checkout/View'.
  if (segments.length > 1 && (last === 'Screen' || last === 'View'))
    return `${label(segments.at(-2)!)} — ${label(last)}`;
  return label(last);
}

function PortugueseTitle({ of, children }: { of?: Of; children?: ReactNode }) {
  const { preparedMeta } = useOf(of ?? 'meta', ['meta']);
  return <Title>{children ?? docsPageTitle(preparedMeta.title)}</Title>;
}

function PortugueseSubheading({ children, ...props }: PropsWithChildren<HeadingProps>) {
  const label = typeof children === 'string' ? (storyLabel(children) ?? children) : children;
  return <Subheading {...props}>{label}</Subheading>;
}

function PortugueseStories(props: ComponentProps<typeof Stories>) {
  return <Stories title="Histórias" {...props} />;
}

export const PORTUGUESE_DOCS_BLOCKS = {
  Title: PortugueseTitle,
  Subheading: PortugueseSubheading,
  Stories: PortugueseStories,
};
