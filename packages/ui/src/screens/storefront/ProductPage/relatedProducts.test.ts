import { describe, expect, it } from 'vitest';

import { mixRelatedProducts } from './relatedProducts';

const nodes = (...slugs: string[]) => slugs.map((slug) => ({ slug }));
const slugs = (list: { slug: string }[]) => list.map((node) => node.slug);

describe('mixRelatedProducts', () => {
  it('puts up to two of the same brand (same category first) before the category fills the rest', () => {
    const related = mixRelatedProducts(
      'atual',
      nodes('cat-1', 'atual', 'ambos', 'cat-2', 'cat-3'),
      nodes('atual', 'marca-1', 'ambos', 'marca-2'),
    );
    expect(slugs(related)).toEqual(['ambos', 'marca-1', 'cat-1', 'cat-2']);
  });

  it('fills with more of the brand when the category runs short, never repeating or the product itself', () => {
    const related = mixRelatedProducts(
      'atual',
      nodes('atual', 'cat-1'),
      nodes('marca-1', 'marca-2', 'atual', 'cat-1', 'marca-3'),
    );
    expect(slugs(related)).toEqual(['cat-1', 'marca-1', 'marca-2', 'marca-3']);
  });

  it('is empty when nothing else is related', () => {
    expect(mixRelatedProducts('atual', nodes('atual'), nodes('atual'))).toEqual([]);
  });
});
