// The workshop's docs pages cannot fall behind the code: every component of @vitrine/ui has a story
// file whose docs page carries usage notes ("Quando usar" / "Quando não usar") and one story
// tagged to run under every brand at every width (.storybook/everyBrandAndWidth.ts); every screen's
// docs page names its states and the GraphQL operations it sends, and each named operation exists.
import { describe, expect, it } from 'vitest';

const COMPONENT_INDEXES = import.meta.glob('../components/{*,storefront/*,dashboard/*}/index.ts');
const COMPONENT_STORIES = import.meta.glob<string>(
  '../../../../stories/components/**/*.stories.tsx',
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const SCREEN_STORIES = import.meta.glob<string>('../../../../stories/screens/**/*.stories.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const UI_SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const PREVIEW = import.meta.glob<string>('../../../../.storybook/preview.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The component names of @vitrine/ui: its folders under components/ (shared helpers excluded). */
function componentNames(): string[] {
  return Object.keys(COMPONENT_INDEXES)
    .map((file) => /\/([A-Z]\w+)\/index\.ts$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** The docs page's description of a story file (its meta's parameters.docs.description.component). */
function descriptionOf(source: string): string | null {
  const match = /description:\s*\{\s*component:\s*`((?:\\`|[^`])*)`/.exec(source);
  return match?.[1] ?? null;
}

function storyFileOf(name: string): [string, string] | undefined {
  return Object.entries(COMPONENT_STORIES).find(([, source]) =>
    new RegExp(`title:\\s*'Components/(?:Storefront/|Dashboard/)?${name}'`).test(source),
  );
}

/** Operation names the ui sends: `query Name`, `mutation Name`, `subscription Name`. */
function operationsInSources(): Set<string> {
  const names = new Set<string>();
  for (const source of Object.values(UI_SOURCES))
    for (const match of source.matchAll(/\b(?:query|mutation|subscription)\s+([A-Z]\w*)/g))
      names.add(match[1]!);
  return names;
}

describe('the workshop docs', () => {
  it('gives every story file a docs page (autodocs for the whole workshop)', () => {
    const preview = Object.values(PREVIEW)[0] ?? '';
    expect(preview).toMatch(/tags:\s*\[\s*'autodocs'\s*\]/);
  });

  it('has a story file for every component, with usage notes and one story under every brand and width', () => {
    const names = componentNames();
    expect(names.length).toBeGreaterThan(25);
    // The dashboard's building blocks are components too (confirmations, the grid's filter bar,
    // KPI cards, the editors' leave question, list states, saved views, the history timeline).
    expect(names).toEqual(
      expect.arrayContaining([
        'ConfirmDialog',
        'FilterBar',
        'KpiCards',
        'LeaveDialog',
        'ListStates',
        'SavedViewsMenu',
        'Timeline',
      ]),
    );
    const problems: string[] = [];
    for (const name of names) {
      const found = storyFileOf(name);
      if (!found) {
        problems.push(`${name}: no story file titled Components/…/${name}`);
        continue;
      }
      const [file, source] = found;
      const description = descriptionOf(source);
      if (!description) problems.push(`${file}: no docs description`);
      else {
        if (!description.includes('**Quando usar**')) problems.push(`${file}: no "Quando usar"`);
        if (!description.includes('**Quando não usar**'))
          problems.push(`${file}: no "Quando não usar"`);
      }
      const tagged = source.match(/tags:\s*\[[^\]]*'every-brand-and-width'/g) ?? [];
      if (tagged.length !== 1)
        problems.push(
          `${file}: ${tagged.length} stories tagged every-brand-and-width (one expected)`,
        );
    }
    expect(problems).toEqual([]);
  });

  it("names each screen's states and the GraphQL operations it sends, all of which exist", () => {
    const known = operationsInSources();
    const problems: string[] = [];
    const files = Object.entries(SCREEN_STORIES);
    expect(files.length).toBeGreaterThan(40);
    for (const [file, source] of files) {
      const description = descriptionOf(source);
      if (!description) {
        problems.push(`${file}: no docs description`);
        continue;
      }
      if (!description.includes('**Estados**')) problems.push(`${file}: no "Estados"`);
      const graphql = /\*\*GraphQL\*\*([\s\S]*?)(?:\n\s*\n|\*\*[A-Z]|$)/.exec(description)?.[1];
      if (
        /Screen\.stories\.tsx$/.test(file) &&
        graphql === undefined &&
        !description.includes('**Rede**')
      )
        problems.push(`${file}: a screen without "GraphQL" or "Rede"`);
      for (const match of (graphql ?? '').matchAll(/\\?`(\w+)\\?`/g))
        if (/^[A-Z]/.test(match[1]!) && !known.has(match[1]!))
          problems.push(`${file}: names ${match[1]}, which no ui document defines`);
    }
    expect(problems).toEqual([]);
  });
});
