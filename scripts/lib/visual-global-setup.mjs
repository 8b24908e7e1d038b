// vitest global setup of the storybook project when it takes screenshots: a clean .visual/.
import { resetVisualDir } from './visual-shot.mjs';

export default async function setup() {
  await resetVisualDir();
}
