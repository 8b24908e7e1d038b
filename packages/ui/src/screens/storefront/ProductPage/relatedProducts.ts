// "Você também pode gostar": a few of the same brand and the rest of the same category, so both
// kinds show up (the category alone would usually fill every place).

/** How many of the same brand go first (those also of the same category preferred). */
const SAME_BRAND_FIRST = 2;

export function mixRelatedProducts<T extends { slug: string }>(
  currentSlug: string,
  sameCategory: readonly T[],
  sameBrand: readonly T[],
  max = 4,
): T[] {
  const inCategory = new Set(sameCategory.map((node) => node.slug));
  const brandFirst = [...sameBrand]
    .filter((node) => node.slug !== currentSlug)
    .sort((a, b) => Number(inCategory.has(b.slug)) - Number(inCategory.has(a.slug)))
    .slice(0, SAME_BRAND_FIRST);
  const seen = new Set([currentSlug]);
  const picked: T[] = [];
  for (const node of [...brandFirst, ...sameCategory, ...sameBrand]) {
    if (picked.length === max) break;
    if (seen.has(node.slug)) continue;
    seen.add(node.slug);
    picked.push(node);
  }
  return picked;
}
