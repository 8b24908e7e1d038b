// Set-up of the storybook project (stories as tests in chromium).
//
// Warm-up, every run: before the first story of a file, the stories' modules are transformed
// once for the whole run, and MSW's browser worker and axe are loaded, inside a hook with its own
// time limit; otherwise the first story of a cold run pays for all of it within its 15 s.
//
// The browser half of the visual comparison, in the same pass that runs the stories as tests
// (VITRINE_VISUAL=compare or update; `npm run visual`). After a story's test passed, its page is
// resized to the shot's size and shot by scripts/lib/visual-shot.mjs, which compares it with
// visual-baseline/. Without VITRINE_VISUAL, nothing here runs.
//
// - Every story is shot at 1280x800, or at the Storybook preset its viewport global names
//   (globals: { viewport: { value: 'mobile1' } }), which the test already rendered it at.
// - A story tagged 'mobile' is rendered again at 375x812 and shot as `<id>@mobile`.
// - The tag 'skip-visual' leaves a story out; parameters.visual = { maxDiffRatio, reason } loosens
//   its comparison, with a written reason.
// - The clock starts at the same instant for every story and animations are off, so the
//   picture never depends on the day or on timing.
import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest';
import { commands, page } from 'vitest/browser';

import { registerEveryBrandAndWidth } from './everyBrandAndWidth';

interface VisualShotRequest {
  name: string;
  viewport: { width: number; height: number };
  tolerance?: number;
}
interface VisualShotResult {
  ok: boolean;
  updated?: boolean;
  message: string;
}
interface VisualSettings {
  mode: 'off' | 'compare' | 'update';
  filters: string[];
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    warmUpStories: () => Promise<{ modules: number; ms: number }>;
    visualPrepare: () => Promise<void>;
    visualPlanned: (names: string[]) => Promise<void>;
    visualShot: (shot: VisualShotRequest) => Promise<VisualShotResult>;
  }
}
declare module 'vitest' {
  interface ProvidedContext {
    vitrineVisual: VisualSettings;
  }
}

/** The part of a composed story (set on the test context by @storybook/addon-vitest) read here. */
interface ComposedStoryLike {
  tags: string[];
  parameters: Record<string, unknown>;
  globals: Record<string, unknown>;
  run(context?: Record<string, unknown>): Promise<void>;
}

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };
// Storybook's own viewport presets (storybook/viewport MINIMAL_VIEWPORTS).
const STORYBOOK_VIEWPORTS: Record<string, { styles: { width: string; height: string } }> = {
  mobile1: { styles: { width: '320px', height: '568px' } },
  mobile2: { styles: { width: '414px', height: '896px' } },
  tablet: { styles: { width: '834px', height: '1112px' } },
  desktop: { styles: { width: '1280px', height: '1024px' } },
};
const FIXED_START = new Date('2025-06-02T12:00:00-03:00');
// Keeps screenshots still: no animation, no transition, no blinking caret.
const STILL_CSS =
  '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}';

const settings = inject('vitrineVisual');
const enabled = settings.mode !== 'off';

beforeAll(async () => {
  await commands.warmUpStories();
  await Promise.all([import('msw/browser'), import('axe-core')]);
}, 180_000);

/** The Emotion cache MUI styles with (Emotion's default: no provider sets another). */
function emotionCache(): EmotionCache | null {
  let cache: EmotionCache | null = null;
  const Probe = () => {
    cache = useEmotionCache();
    return null;
  };
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(createElement(Probe)));
  root.unmount();
  return cache;
}

// The story files of a worker share one page (isolate: false, vite.config.ts). Emotion keeps every
// rule it ever inserted, and the page's style work (every layout, axe's contrast checks) grows with
// them: measured, a file's stories ran up to 4x slower late in the run than early. After a file,
// its rules go and Emotion forgets them, so the next file starts from what it renders, as on a
// page of its own.
afterAll(() => {
  const cache = emotionCache();
  if (!cache) return;
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
});

/** The size a story asks for through its viewport global, or null. */
function storyViewport(story: ComposedStoryLike): { width: number; height: number } | null {
  const chosen = story.globals['viewport'] as
    string | { value?: string; isRotated?: boolean } | undefined;
  const value = typeof chosen === 'string' ? chosen : chosen?.value;
  if (!value) return null;
  const parameter = story.parameters['viewport'] as
    { options?: Record<string, { styles?: { width?: string; height?: string } }> } | undefined;
  const options = { ...STORYBOOK_VIEWPORTS, ...parameter?.options };
  const styles = options[value]?.styles;
  const width = Number.parseInt(styles?.width ?? '', 10);
  const height = Number.parseInt(styles?.height ?? '', 10);
  if (!width || !height) return null;
  const rotated = typeof chosen === 'object' && chosen.isRotated === true;
  return rotated ? { width: height, height: width } : { width, height };
}

/**
 * A story's own tolerance: `parameters.visual = { maxDiffRatio, reason }`, for a story whose
 * layout rounds a pixel either way from run to run. Without a written reason it is ignored.
 */
function storyTolerance(story: ComposedStoryLike): number | undefined {
  const visual = story.parameters['visual'] as
    { maxDiffRatio?: unknown; reason?: unknown } | undefined;
  const ratio = Number(visual?.maxDiffRatio);
  return typeof visual?.reason === 'string' && visual.reason.trim() !== '' && ratio > 0
    ? ratio
    : undefined;
}

function wanted(storyId: string): boolean {
  return settings.filters.length === 0 || settings.filters.some((word) => storyId.includes(word));
}

// Registered before the screenshot's hook, so it runs after it (vitest runs after-hooks in
// reverse): the story is shot as it first rendered, then runs again under every brand and width.
registerEveryBrandAndWidth();

if (enabled) {
  beforeAll(async () => {
    await commands.visualPrepare();
    if (!document.querySelector('style[data-visual="still"]')) {
      const style = document.createElement('style');
      style.setAttribute('data-visual', 'still');
      style.textContent = STILL_CSS;
      document.head.append(style);
    }
  });

  beforeEach(() => {
    // Only Date is faked, and it keeps flowing: timers, debounces and play functions behave as
    // usual, but "today" is the same day on every run.
    vi.useFakeTimers({ now: FIXED_START, toFake: ['Date'], shouldAdvanceTime: true });
  });

  afterEach(async (context) => {
    try {
      const story = (context as unknown as { story?: ComposedStoryLike }).story;
      const storyId = (context.task.meta as { storyId?: string }).storyId;
      if (!story || !storyId || story.tags.includes('skip-visual') || !wanted(storyId)) return;
      const mobile = story.tags.includes('mobile');
      const names = mobile ? [storyId, `${storyId}@mobile`] : [storyId];
      if (context.task.result?.state === 'fail') {
        await commands.visualPlanned(names);
        return;
      }
      const failures: string[] = [];
      const tolerance = storyTolerance(story);
      const shoot = async (name: string, viewport: { width: number; height: number }) => {
        await page.viewport(viewport.width, viewport.height);
        const result = await commands.visualShot({ name, viewport, tolerance });
        if (!result.ok) failures.push(`${name}: ${result.message}`);
        else if (result.message) console.log(`visual ${name}: ${result.message}`);
      };
      const presetViewport = storyViewport(story);
      await shoot(storyId, presetViewport ?? DESKTOP);
      if (mobile) {
        // Rendered afresh at the phone's size, as a phone would first lay it out.
        vi.setSystemTime(FIXED_START);
        await page.viewport(MOBILE.width, MOBILE.height);
        await story.run();
        await shoot(`${storyId}@mobile`, presetViewport ?? MOBILE);
      }
      if (failures.length > 0) throw new Error(`visual comparison failed:\n${failures.join('\n')}`);
    } finally {
      vi.useRealTimers();
    }
  });
}
