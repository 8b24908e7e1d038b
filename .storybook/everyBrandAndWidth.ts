// The workshop's proof for components: the story tagged 'every-brand-and-width' (each component's
// main story; stories/components) runs again under every brand of the toolbar's switch at every
// width of its viewport switch, and each run passes what every story passes — its play function,
// the 44 px touch-target check and axe (the preview's a11y test: 'error'). A failure names the
// brand and the width.
import { WORKSHOP_BRANDS, workshopViewportSizes } from '@vitrine/ui/workshop';
import { afterEach } from 'vitest';
import { page } from 'vitest/browser';

export const EVERY_BRAND_AND_WIDTH = 'every-brand-and-width';

/**
 * The hook's own time limit: 8 brands (the store's theme and the demo store's seven) at 4 widths
 * are 32 runs of the story, more than the 30 s a hook gets by default on a loaded machine.
 */
const EVERY_BRAND_AND_WIDTH_LIMIT_MS = 120_000;

interface RunnableStory {
  tags: string[];
  globals: Record<string, unknown>;
  run(context?: Record<string, unknown>): Promise<void>;
}

export function registerEveryBrandAndWidth(): void {
  afterEach(async (context) => {
    const story = (context as unknown as { story?: RunnableStory }).story;
    if (!story?.tags.includes(EVERY_BRAND_AND_WIDTH)) return;
    if (context.task.result?.state === 'fail') return;
    const before = { width: window.innerWidth, height: window.innerHeight };
    const failures: string[] = [];
    try {
      for (const { width, height } of workshopViewportSizes()) {
        await page.viewport(width, height);
        for (const brand of WORKSHOP_BRANDS) {
          try {
            await story.run({ globals: { ...story.globals, brand: brand.value, brandColor: '' } });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            failures.push(`${brand.title} a ${width} px: ${message}`);
          }
        }
      }
    } finally {
      await page.viewport(before.width, before.height);
    }
    if (failures.length > 0)
      throw new Error(
        `the story fails under ${failures.length} brand and width combinations:\n` +
          failures.join('\n'),
      );
  }, EVERY_BRAND_AND_WIDTH_LIMIT_MS);
}
