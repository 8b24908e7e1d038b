// Types of visual-shot.mjs, for vite.config.ts.
import type { BrowserCommand } from 'vitest/node';

export type VisualMode = 'off' | 'compare' | 'update';
export declare const BASELINE_DIR: string;
export declare const VISUAL_DIR: string;
export declare const ACTUAL_DIR: string;
export declare const DIFF_DIR: string;
export declare const PLANNED_FILE: string;
export declare const UPDATED_FILE: string;
export declare function visualModeFromEnv(): VisualMode;
export declare function visualFiltersFromEnv(): string[];
export declare function resetVisualDir(): Promise<void>;
export declare function visualCommands(
  mode: 'compare' | 'update',
): Record<'visualPrepare' | 'visualPlanned' | 'visualShot', BrowserCommand<never[]>>;
