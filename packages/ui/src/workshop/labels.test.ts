// The workshop speaks Portuguese: every section, screen and story of the sidebar has a Portuguese
// label (labels.ts), and the tab's title is translated too. A new story or screen with an English
// name fails here until labels.ts (a story's name: storyLabels.ts) names it.
import { describe, expect, it } from 'vitest';

import {
  COMPONENT_LABELS,
  storyLabel,
  TITLE_LABELS,
  workshopIndex,
  workshopIndexTitle,
  workshopLabel,
  workshopPageTitle,
  type WorkshopIndexEntry,
} from './labels';

/** Portuguese story labels that must come out of the sidebar's label function unchanged. */
const STORY_LABEL_SAMPLE = [
  'Padrão',
  'Com dados',
  'Botão de marcas',
  'Esgotado',
  'Faça e não faça',
];

const STORY_FILES = import.meta.glob<string>(
  ['../../../../stories/**/*.stories.tsx', '!../../../../stories/support/**'],
  { query: '?raw', import: 'default', eager: true },
);
const COMPONENT_INDEXES = import.meta.glob('../components/{*,storefront/*,dashboard/*}/index.ts');

/** Storybook's name for a story export ('WithData' -> 'With Data'). */
function storyNameFromExport(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2');
}

function componentNames(): Set<string> {
  return new Set(
    Object.keys(COMPONENT_INDEXES)
      .map((file) => /\/([A-Z]\w+)\/index\.ts$/.exec(file)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

/** The files' titles and story names (a story's own `name:` is written in Portuguese already). */
function storyFiles(): { file: string; title: string; names: string[] }[] {
  return Object.entries(STORY_FILES).map(([file, source]) => ({
    file,
    title: /const meta = \{[\s\S]*?\btitle:\s*'([^']+)'/.exec(source)?.[1] ?? '',
    names: [...source.matchAll(/^export const (\w+)/gm)].map((match) =>
      storyNameFromExport(match[1]!),
    ),
  }));
}

describe('the workshop in Portuguese', () => {
  it('labels every section and screen of the sidebar (component names stay as they are)', () => {
    const components = componentNames();
    const files = storyFiles();
    expect(files.length).toBeGreaterThan(90);
    const missing = new Set<string>();
    for (const { file, title } of files) {
      expect(title, file).not.toBe('');
      // The foundations and the developers' pages are titled in Portuguese.
      if (/^(Fundamentos|Para desenvolvedores)\//.test(title)) continue;
      for (const segment of title.split('/'))
        if (!components.has(segment) && TITLE_LABELS[segment] === undefined) missing.add(segment);
    }
    expect([...missing]).toEqual([]);
  });

  it('labels every story of the sidebar', () => {
    const missing = new Set<string>();
    for (const { title, names } of storyFiles()) {
      if (/^(Fundamentos|Para desenvolvedores)\//.test(title)) continue;
      for (const name of names) if (storyLabel(name) === undefined) missing.add(name);
    }
    expect([...missing].sort().join(' | ')).toBe('');
  });

  it('translates the sidebar and the tab title', () => {
    expect(workshopLabel('Screens', 'root')).toBe('Telas');
    expect(workshopLabel('Default', 'story')).toBe('Padrão');
    expect(workshopLabel('Cart Drawer Open Phone', 'story')).toBe(
      'Gaveta da sacola aberta, no celular',
    );
    expect(workshopLabel('Search Sheet Small Phone', 'story')).toBe(
      'Folha de busca, no celular pequeno',
    );
    expect(workshopLabel('Docs', 'docs')).toBe('Documentação');
    expect(workshopLabel('ActionButton', 'component')).toBe('ActionButton');
    expect(
      workshopPageTitle('Screens / Storefront / Cart / View - With Data ⋅ Storybook', 'Oficina'),
    ).toBe('Telas / Loja / Sacola / Visual - Com dados ⋅ Oficina');
    expect(workshopPageTitle('Comece aqui - Docs ⋅ Storybook', 'Oficina')).toBe(
      'Comece aqui - Documentação ⋅ Oficina',
    );
    expect(workshopPageTitle('storybook - Storybook', 'Oficina')).toBe('Oficina');
    expect(workshopPageTitle('Storybook', 'Oficina')).toBe('Oficina');
  });

  it('gives every component of the sidebar a Portuguese name for the search', () => {
    const components = componentNames();
    const missing = new Set<string>();
    for (const { title } of storyFiles())
      for (const segment of title.split('/'))
        if (components.has(segment) && COMPONENT_LABELS[segment] === undefined)
          missing.add(segment);
    expect([...missing]).toEqual([]);
  });

  it("keeps every screen and component apart in the manager's Portuguese index", () => {
    // Two titles with the same Portuguese title would become one folder of the sidebar.
    const titles = [...new Set(storyFiles().map(({ title }) => title))];
    const byLabel = new Map<string, string[]>();
    for (const title of titles) {
      const label = workshopIndexTitle(title).toLowerCase();
      byLabel.set(label, [...(byLabel.get(label) ?? []), title]);
    }
    expect([...byLabel.values()].filter((group) => group.length > 1)).toEqual([]);
  });
});

describe("the manager's story index in Portuguese (what the sidebar's search looks at)", () => {
  const entry = (id: string, title: string, name: string, type = 'story'): WorkshopIndexEntry => ({
    id,
    title,
    name,
    type,
  });
  const index = {
    v: 5,
    entries: {
      'components-storefront-productcard--docs': entry(
        'components-storefront-productcard--docs',
        'Components/Storefront/ProductCard',
        'Docs',
        'docs',
      ),
      'components-storefront-productcard--sold-out': entry(
        'components-storefront-productcard--sold-out',
        'Components/Storefront/ProductCard',
        'Sold Out',
      ),
      'screens-storefront-cart-view--with-data': entry(
        'screens-storefront-cart-view--with-data',
        'Screens/Storefront/Cart/View',
        'With Data',
      ),
      'screens-storefront-home-view--brands-button': entry(
        'screens-storefront-home-view--brands-button',
        'Screens/Storefront/Home/View',
        'Brands Button',
      ),
      'comece-aqui--docs': entry('comece-aqui--docs', 'Comece aqui', 'Docs', 'docs'),
    },
  };

  it('names sections, screens, stories and docs in Portuguese, components by both names', () => {
    const translated = workshopIndex(index);
    expect(translated.v).toBe(5);
    const names = Object.values(translated.entries).map(({ title, name }) => `${title} :: ${name}`);
    expect(names).toEqual([
      'Componentes/Loja/ProductCard · Cartão de produto :: Documentação',
      'Componentes/Loja/ProductCard · Cartão de produto :: Esgotado',
      'Telas/Loja/Sacola/Visual :: Com dados',
      'Telas/Loja/Início/Visual :: Botão de marcas',
      'Comece aqui :: Documentação',
    ]);
  });

  it('keeps the ids, import paths and every other field (links and baselines use them)', () => {
    const withPaths = {
      v: 5,
      entries: {
        a: { ...index.entries['screens-storefront-cart-view--with-data'], importPath: './x.tsx' },
      },
    };
    const translated = workshopIndex(withPaths);
    expect(translated.entries.a).toEqual({
      id: 'screens-storefront-cart-view--with-data',
      title: 'Telas/Loja/Sacola/Visual',
      name: 'Com dados',
      type: 'story',
      importPath: './x.tsx',
    });
    // The input is left as it was.
    expect(withPaths.entries.a.title).toBe('Screens/Storefront/Cart/View');
  });

  it('shows a component by its code name in the sidebar and the tab title', () => {
    expect(workshopLabel('ProductCard · Cartão de produto', 'component')).toBe('ProductCard');
    expect(workshopLabel('Componentes', 'root')).toBe('Componentes');
    expect(workshopLabel('Sacola', 'group')).toBe('Sacola');
    expect(
      workshopPageTitle(
        'Componentes / Loja / ProductCard · Cartão de produto - Esgotado ⋅ Storybook',
        'Oficina',
      ),
    ).toBe('Componentes / Loja / ProductCard - Esgotado ⋅ Oficina');
  });

  it('leaves a name already in Portuguese as it is (the sidebar labels it once more)', () => {
    for (const label of STORY_LABEL_SAMPLE) expect(workshopLabel(label, 'story')).toBe(label);
  });
});
