// Vitest global setup of the storybook project when it takes screenshots: empties .visual/ before
// the run, unless npm test already did it for the runs it starts side by side (scripts/test.mjs).
import { resetVisualDir } from './visual-shot.mjs';

export default async function setup() {
  if (process.env.VITRINE_VISUAL_DIR_READY === '1') return;
  await resetVisualDir();
}
