// @vitest-environment node
// The docs pages' props table speaks Portuguese: every prop that react-docgen documents (a JSDoc
// comment on the props, English in code) for a component or screen with a story file has its
// Portuguese in propDescriptions.ts, and no entry there names a prop that lost its comment or no
// longer exists. The components are read the way Storybook's react-docgen plugin reads them
// (the same resolver: exported definitions only), from the `component:` of each story file's meta.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { builtinHandlers, builtinResolvers, makeFsImporter, parse } from 'react-docgen';
import { describe, expect, it } from 'vitest';

import { PROP_DESCRIPTIONS, portuguesePropDescriptions } from './propDescriptions';

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(srcDir, '../../..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => resolve(entry.parentPath, entry.name))
    .sort();
}

const storyFiles = filesUnder(join(repoDir, 'stories'), /\.stories\.tsx?$/);
const uiSources = filesUnder(srcDir, /\.tsx?$/)
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }));

const importer = makeFsImporter();
const resolver = new builtinResolvers.FindExportedDefinitionsResolver();
const handlers = Object.values(builtinHandlers);

/** react-docgen's documentation of a file's exported components ([] when it has none). */
function docgenOf(file: string, source: string) {
  try {
    return parse(source, { resolver, handlers, importer, filename: file, babelOptions: {} });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_REACTDOCGEN_MISSING_DEFINITION') return [];
    throw error;
  }
}

function definesComponent(source: string, name: string): boolean {
  return new RegExp(`\\b(?:function\\s+${name}\\b|(?:const|let)\\s+${name}\\s*[=:])`).test(source);
}

function exportsComponent(source: string, name: string): boolean {
  return (
    new RegExp(`\\bexport\\s+(?:default\\s+)?(?:function\\s+${name}\\b|const\\s+${name}\\b)`).test(
      source,
    ) || new RegExp(`\\bexport\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source)
  );
}

interface DocumentedComponent {
  /** Where the component is defined, from the repository's root. */
  file: string;
  /** The story files whose meta names it. */
  storyFiles: string[];
  /** Prop name -> its description in code (only props with one). */
  described: Map<string, string>;
}

/** The meta's component of each story file, read from code the way Storybook's docs see it. */
function documentedComponents(): {
  components: Map<string, DocumentedComponent>;
  problems: string[];
} {
  const components = new Map<string, DocumentedComponent>();
  const problems: string[] = [];
  for (const storyFile of storyFiles) {
    const source = readFileSync(storyFile, 'utf8');
    const storyPath = relative(repoDir, storyFile);
    const name = /^ {2}component:\s*([A-Z]\w*)\s*,/m.exec(source)?.[1];
    if (!name) {
      // A meta's component written some other way would silently escape the check.
      if (/^ {2}component:\s*[^\s`]/m.test(source))
        problems.push(`${storyPath}: cannot read its meta's component`);
      continue;
    }
    const known = components.get(name);
    if (known) {
      known.storyFiles.push(storyPath);
      continue;
    }
    const candidates = definesComponent(source, name)
      ? [{ file: storyFile, source }]
      : uiSources.filter((entry) => definesComponent(entry.source, name));
    if (candidates.length === 0) {
      problems.push(`${storyPath}: no definition of ${name} in the story file or packages/ui/src`);
      continue;
    }
    let found: DocumentedComponent | undefined;
    for (const candidate of candidates) {
      const doc = docgenOf(candidate.file, candidate.source).find(
        (entry) => entry.displayName === name,
      );
      if (!doc) {
        if (exportsComponent(candidate.source, name))
          problems.push(
            `${relative(repoDir, candidate.file)}: react-docgen did not document ${name}`,
          );
        continue;
      }
      const described = new Map<string, string>();
      for (const [prop, info] of Object.entries(doc.props ?? {}))
        if (info.description?.trim()) described.set(prop, info.description.trim());
      found = { file: relative(repoDir, candidate.file), storyFiles: [storyPath], described };
      break;
    }
    // Not exported (a story's own demo component): Storybook has no docgen for it either.
    components.set(
      name,
      found ?? { file: storyPath, storyFiles: [storyPath], described: new Map() },
    );
  }
  return { components, problems };
}

describe('the props table in Portuguese', () => {
  const { components, problems } = documentedComponents();

  it('reads the component of every story file', () => {
    expect(problems).toEqual([]);
    expect(components.size).toBeGreaterThan(80);
    // The parse finds the documented props (a sample of both kinds of docs page).
    expect(components.get('ProductCard')?.described.has('href')).toBe(true);
    expect(components.get('CheckoutView')?.described.has('pricingError')).toBe(true);
  });

  it('has a Portuguese description for every prop with a JSDoc description', () => {
    const missing: string[] = [];
    for (const [name, component] of components)
      for (const [prop, english] of component.described)
        if (!PROP_DESCRIPTIONS[name]?.[prop]?.trim())
          missing.push(`${name}.${prop} (${component.file}): "${english}"`);
    expect(missing, 'add these to packages/ui/src/workshop/propDescriptions.ts').toEqual([]);
  });

  it('names only components with a story file and props described in code', () => {
    const stale: string[] = [];
    for (const [name, entries] of Object.entries(PROP_DESCRIPTIONS)) {
      const component = components.get(name);
      if (!component) {
        stale.push(`${name}: no story file names it as its component`);
        continue;
      }
      for (const prop of Object.keys(entries))
        if (!component.described.has(prop))
          stale.push(`${name}.${prop}: no such prop with a JSDoc description (${component.file})`);
    }
    expect(stale, 'remove or rename these in propDescriptions.ts').toEqual([]);
  });

  it('writes Portuguese, not the English of the code', () => {
    const untranslated: string[] = [];
    for (const [name, entries] of Object.entries(PROP_DESCRIPTIONS))
      for (const [prop, text] of Object.entries(entries))
        if (text.trim() === components.get(name)?.described.get(prop))
          untranslated.push(`${name}.${prop}`);
    expect(untranslated).toEqual([]);
  });

  it('is applied by the workshop preview, after react-docgen', () => {
    const preview = readFileSync(join(repoDir, '.storybook/preview.tsx'), 'utf8');
    expect(preview).toMatch(/argTypesEnhancers:\s*\[\s*portuguesePropDescriptions\s*\]/);
  });
});

describe('portuguesePropDescriptions', () => {
  const component = Object.assign(() => null, {
    __docgenInfo: {
      displayName: 'Demo',
      props: {
        href: { description: "The product page's path." },
        tagged: { description: 'Old way.\n@deprecated use href' },
        size: { description: 'The size.' },
        plain: {},
      },
    },
  });
  const descriptions = {
    Demo: {
      href: 'O caminho da página do produto.',
      tagged: 'Jeito antigo.',
      size: 'O tamanho.',
    },
  };

  it('puts the Portuguese in place of the description read from code', () => {
    const argTypes = {
      href: { name: 'href', description: "The product page's path.", table: { category: 'x' } },
      tagged: { name: 'tagged', description: 'Old way.' },
      plain: { name: 'plain', description: '' },
    };
    const result = portuguesePropDescriptions({ component, argTypes }, descriptions);
    expect(result).toEqual({
      href: {
        name: 'href',
        description: 'O caminho da página do produto.',
        table: { category: 'x' },
      },
      tagged: { name: 'tagged', description: 'Jeito antigo.' },
      plain: { name: 'plain', description: '' },
    });
    // The arg types it was given are left as they were.
    expect(argTypes.href.description).toBe("The product page's path.");
  });

  it("keeps a story's own description and props without a Portuguese entry", () => {
    const argTypes = {
      size: { name: 'size', description: 'Tamanho escolhido pela história.' },
      plain: { name: 'plain', description: 'Anything' },
    };
    expect(portuguesePropDescriptions({ component, argTypes }, descriptions)).toBe(argTypes);
  });

  it('leaves components without docgen or without entries alone', () => {
    const argTypes = { href: { name: 'href', description: "The product page's path." } };
    expect(portuguesePropDescriptions({ component: () => null, argTypes }, descriptions)).toBe(
      argTypes,
    );
    expect(portuguesePropDescriptions({ argTypes }, descriptions)).toBe(argTypes);
    const other = Object.assign(() => null, { __docgenInfo: { displayName: 'Other', props: {} } });
    expect(portuguesePropDescriptions({ component: other, argTypes }, descriptions)).toBe(argTypes);
  });
});
