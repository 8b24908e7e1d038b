// One catalog writer: no server file but modules/catalog/catalog.writer.repository.ts writes the
// products or the variants' catalog data. The sales side (checkout's decrement, a canceled or
// expired order's units put back) may only add to or take from a variant's stock, in repositories.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

const WRITER = 'modules/catalog/catalog.writer.repository.ts';
/** Stock taken by orders and given back: sales, not catalog edits. */
const SALES_STOCK = [
  'modules/checkout/checkout.place.repository.ts',
  'modules/checkout/pixExpiry.repository.ts',
  'modules/orders/orders.repository.ts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests, fixtures and the demo seed set up data directly; they are not write paths.
    if (
      !entry.name.endsWith('.ts') ||
      /\.(test|fixtures)\.ts$|(^|\.)seed(\.[\w-]+)?\.ts$/.test(entry.name)
    ) {
      return [];
    }
    return [path];
  });
}

/** Statements that write products or variants, raw SQL or drizzle's builder, with a line each. */
export function catalogWrites(text: string): string[] {
  const found: string[] = [];
  const raw = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(products|variants)\b[\s\S]{0,80}/gi;
  for (const match of text.matchAll(raw)) found.push(match[0].replace(/\s+/g, ' '));
  const builder = /\.(insert|update|delete)\(\s*(products|variants)\s*\)[\s\S]{0,80}/g;
  for (const match of text.matchAll(builder)) found.push(match[0].replace(/\s+/g, ' '));
  return found;
}

const onlyStock = (statement: string) =>
  /^UPDATE variants( v)? SET stock = (v\.)?stock [+-]/i.test(statement) ||
  /^\.update\(variants\) \.set\(\{ stock: sql`\$\{variants\.stock\} \+/.test(statement);

describe('the catalog writer', () => {
  const files = sourceFiles(src).map((path) => ({
    file: relative(src, path).split('\\').join('/'),
    writes: catalogWrites(readFileSync(path, 'utf8')),
  }));

  it('is the only file that writes products and variants', () => {
    const elsewhere = files
      .filter(({ file, writes }) => writes.length > 0 && file !== WRITER)
      .filter(({ file }) => !SALES_STOCK.includes(file));
    expect(elsewhere).toEqual([]);
    expect(files.find(({ file }) => file === WRITER)?.writes.length).toBeGreaterThan(5);
  });

  it("lets the sales side only add to or take from a variant's stock", () => {
    const sales = files.filter(({ file }) => SALES_STOCK.includes(file));
    expect(sales.flatMap(({ writes }) => writes)).not.toEqual([]);
    for (const { file, writes } of sales) {
      expect(
        writes.filter((statement) => !onlyStock(statement)),
        file,
      ).toEqual([]);
    }
  });

  it('sees raw and builder writes (the check itself)', () => {
    expect(catalogWrites('sql`UPDATE products SET name = ${x}`')).toHaveLength(1);
    expect(catalogWrites('await db\n  .insert(variants)\n  .values(v)')).toHaveLength(1);
    expect(catalogWrites('sql`SELECT id FROM products FOR UPDATE`')).toEqual([]);
    expect(onlyStock('UPDATE variants SET price_cents = 1')).toBe(false);
  });
});
