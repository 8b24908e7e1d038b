// Layout assertions shared by stories' play functions.
import { expect } from 'storybook/test';

/**
 * Nothing on the page is wider than the viewport, so the page never scrolls sideways. With
 * `width`, also checks the story really runs at that width (a phone viewport global was applied).
 */
export async function expectNoHorizontalScroll(width?: number) {
  // The visual script's screenshot pass applies the viewport only after the play function ran.
  const visualPass = '__VITRINE_VISUAL__' in window;
  if (width !== undefined && !visualPass) await expect(window.innerWidth).toBe(width);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}
