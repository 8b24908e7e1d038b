// Layout assertions shared by stories' play functions.
import { expect } from 'storybook/test';

/**
 * Nothing on the page is wider than the viewport, so the page never scrolls sideways. With
 * `width`, also checks the story really runs at that width (a phone viewport global was applied).
 */
/** The visual script's screenshot pass applies a story's viewport only after its play function. */
export function isVisualPass(): boolean {
  return '__VITRINE_VISUAL__' in window;
}

export async function expectNoHorizontalScroll(width?: number) {
  if (width !== undefined && !isVisualPass()) await expect(window.innerWidth).toBe(width);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}
