// Measures the server's module graph from the real imports: modules, import pairs and cycles.
// Run: npx tsx packages/api/scripts/module-graph.ts [--tests] [--top] [--json] [--layers] [--why]
//   A module is a folder under src/modules. An edge A -> B is an ordered pair of modules where a
//   file of A imports (import, export … from, import()) a file of B. Test files (*.test.ts,
//   *.fixtures.ts) are left out unless --tests; with --top the top-level src folders and files a
//   module imports (graphql, db, plugins, clock, config, lib…) count as modules too; --layers
//   prints what db/, graphql/ and plugins/ import from the modules (module-graph.json "layers").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface ModuleGraphOptions {
  /** Count test files (*.test.ts) and test fixtures (*.fixtures.ts) too. */
  includeTests?: boolean;
  /** Count the top-level src folders/files a module imports as modules (graphql, db, lib…). */
  includeTopLevel?: boolean;
}

export interface ModuleGraph {
  modules: string[];
  /** module -> the modules it imports, sorted */
  edges: Map<string, string[]>;
  /** "a -> b" -> the importing files, relative to src */
  evidence: Map<string, string[]>;
}

export const API_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

export function isTestFile(file: string): boolean {
  return /\.(test|fixtures)\.ts$/.test(file);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The module a file of src belongs to: modules/<name>/…, else its top-level folder or file. */
export function moduleOf(srcDir: string, file: string): { name: string; isDomain: boolean } {
  const parts = relative(srcDir, file).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return { name: parts[1]!, isDomain: true };
  const top = parts[0]!.replace(/\.tsx?$/, '');
  return { name: top, isDomain: false };
}

export function readModuleGraph(srcDir = API_SRC, options: ModuleGraphOptions = {}): ModuleGraph {
  const files = walk(srcDir).filter((file) => options.includeTests || !isTestFile(file));
  const domainModules = new Set(
    readdirSync(join(srcDir, 'modules')).filter((name) =>
      statSync(join(srcDir, 'modules', name)).isDirectory(),
    ),
  );
  const modules = new Set(domainModules);
  const edges = new Map<string, Set<string>>();
  const evidence = new Map<string, string[]>();
  for (const file of files) {
    const from = moduleOf(srcDir, file);
    if (!from.isDomain) continue;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (!target || !target.startsWith(srcDir)) continue;
      const to = moduleOf(srcDir, target);
      if (to.name === from.name) continue;
      if (!to.isDomain && !options.includeTopLevel) continue;
      modules.add(to.name);
      const set = edges.get(from.name) ?? new Set<string>();
      set.add(to.name);
      edges.set(from.name, set);
      const key = `${from.name} -> ${to.name}`;
      const list = evidence.get(key) ?? [];
      list.push(relative(srcDir, file));
      evidence.set(key, list);
    }
  }
  const sorted = [...modules].sort();
  return {
    modules: sorted,
    edges: new Map(sorted.map((name) => [name, [...(edges.get(name) ?? [])].sort()])),
    evidence,
  };
}

/** The top-level src folders whose imports of modules are declared too (module-graph.json "layers"). */
export const LAYERS = ['db', 'graphql', 'plugins'] as const;
export type Layer = (typeof LAYERS)[number];

/** One import of a module's file by a layer's file (paths relative to src). */
export interface LayerImport {
  /** The importing file, e.g. plugins/auth.ts */
  from: string;
  module: string;
  /** The imported file, e.g. modules/staff/password.ts */
  file: string;
}

/** What each layer (db/, graphql/, plugins/) imports from the modules, test files left out. */
export function readLayerImports(srcDir = API_SRC): Map<Layer, LayerImport[]> {
  const result = new Map<Layer, LayerImport[]>(LAYERS.map((layer) => [layer, []]));
  for (const layer of LAYERS) {
    for (const file of walk(join(srcDir, layer)).filter((name) => !isTestFile(name))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const ref of info.importedFiles) {
        const target = resolveImport(file, ref.fileName);
        if (!target || !target.startsWith(srcDir)) continue;
        const to = moduleOf(srcDir, target);
        if (!to.isDomain) continue;
        result.get(layer)!.push({
          from: relative(srcDir, file),
          module: to.name,
          file: relative(srcDir, target),
        });
      }
    }
  }
  return result;
}

export function edgeCount(edges: ReadonlyMap<string, readonly string[]>): number {
  let count = 0;
  for (const targets of edges.values()) count += targets.length;
  return count;
}

/** Pairs of modules that import each other. */
export function mutualPairs(edges: ReadonlyMap<string, readonly string[]>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) {
      if (from < to && (edges.get(to) ?? []).includes(from)) pairs.push([from, to]);
    }
  }
  return pairs;
}

/** Strongly connected components of more than one module (each holds at least one cycle). */
export function cyclicGroups(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flat()]);
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!indices.has(node)) visit(node);
  return groups;
}

/** One cycle through the given group, as a path that returns to its start. */
export function oneCycle(edges: ReadonlyMap<string, readonly string[]>, group: string[]): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const path: string[] = [start];
  const seen = new Set<string>([start]);
  const search = (node: string): boolean => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) return true;
      if (!inGroup.has(next) || seen.has(next)) continue;
      seen.add(next);
      path.push(next);
      if (search(next)) return true;
      path.pop();
    }
    return false;
  };
  search(start);
  return [...path, start];
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const graph = readModuleGraph(API_SRC, {
    includeTests: args.has('--tests'),
    includeTopLevel: args.has('--top'),
  });
  if (args.has('--json')) {
    console.log(JSON.stringify(Object.fromEntries(graph.edges), null, 2));
    return;
  }
  console.log(`modules: ${graph.modules.length}`);
  console.log(`edges (import pairs): ${edgeCount(graph.edges)}`);
  for (const [from, targets] of graph.edges) console.log(`  ${from} -> ${targets.join(', ')}`);
  const pairs = mutualPairs(graph.edges);
  console.log(`mutual pairs: ${pairs.length}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
  const groups = cyclicGroups(graph.edges);
  console.log(`cyclic groups: ${groups.length}`);
  for (const group of groups) {
    console.log(`  {${group.join(', ')}}, e.g. ${oneCycle(graph.edges, group).join(' -> ')}`);
  }
  if (args.has('--layers')) {
    for (const [layer, imports] of readLayerImports()) {
      const modules = [...new Set(imports.map((item) => item.module))].sort();
      console.log(`${layer}/ -> ${modules.join(', ') || 'no module'}`);
      for (const item of imports) console.log(`  ${item.from} -> ${item.file}`);
    }
  }
  if (args.has('--why')) {
    for (const [key, files] of graph.evidence) console.log(`${key}: ${files.join(', ')}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
