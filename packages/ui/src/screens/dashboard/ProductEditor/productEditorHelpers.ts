// Pure helpers of the product editor: the category tree as indented options with their paths,
// the description's formatting buttons, the search result's cut text and the publication mark.
import type { CategoryNode } from './ProductEditorScreen.graphql';
import { DRAFT_LABEL, PUBLISHED_LABEL } from './productForm';

export interface CategoryOption {
  id: string;
  label: string;
  depth: number;
  path: string;
}

export function flattenCategoryTree(
  categories: CategoryNode[],
  depth = 0,
  parents: string[] = [],
): CategoryOption[] {
  return categories.flatMap((category) => [
    {
      id: category.id,
      label: category.name,
      depth,
      path: [...parents, category.name].join(' › '),
    },
    ...flattenCategoryTree(category.children ?? [], depth + 1, [...parents, category.name]),
  ]);
}

export type Format = 'bold' | 'italic' | 'list';

/** The description with the selection wrapped in the format's markers. */
export function applyFormat(
  text: string,
  start: number,
  end: number,
  format: Format,
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  if (format === 'list') {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const block = text.slice(lineStart, end);
    const listed = block
      .split('\n')
      .map((line) => (line.startsWith('- ') ? line : `- ${line}`))
      .join('\n');
    return {
      text: text.slice(0, lineStart) + listed + text.slice(end),
      start: lineStart,
      end: lineStart + listed.length,
    };
  }
  const marker = format === 'bold' ? '**' : '*';
  const inner = selected === '' ? (format === 'bold' ? 'negrito' : 'itálico') : selected;
  return {
    text: `${text.slice(0, start)}${marker}${inner}${marker}${text.slice(end)}`,
    start: start + marker.length,
    end: start + marker.length + inner.length,
  };
}

export function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The header's mark: what the product is on the site now, and what saving will make it. */
export function publicationStatus(saved: boolean | null, published: boolean): string {
  if (saved === null) {
    return published ? 'Novo — será publicado ao salvar' : 'Novo — será salvo como rascunho';
  }
  if (saved === published) return published ? PUBLISHED_LABEL : DRAFT_LABEL;
  return published ? 'Rascunho — será publicado ao salvar' : 'Publicado — vira rascunho ao salvar';
}
