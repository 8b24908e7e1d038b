// Types of storybook-warmup.mjs, for vite.config.ts.
import type { BrowserCommand } from 'vitest/node';

export declare const storybookWarmupCommands: Record<'warmUpStories', BrowserCommand<never[]>>;
