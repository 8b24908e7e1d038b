// The team's own SQL (team.service.ts): which of the brands a staff member is given exist.
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db';
import { brands } from '../catalog/catalog.tables';

/** The ids among `ids` that are brands' (each once). */
export async function existingBrandIds(db: Executor, ids: string[]): Promise<string[]> {
  const found = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
  return found.map((row) => row.id);
}
