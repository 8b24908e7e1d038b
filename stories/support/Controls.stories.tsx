// The Controls panel, tested: it shows each story's args and edits an object arg as JSON, so an
// arg holding a cycle (the fixtures' categories point at their parents and children; a React
// element holding them) crashed the panel ("Converting circular structure to JSON"). Every arg
// the panel offers a control for must be plain data; a node to render (children, a slot) gets
// `control: false`.
//
// Hidden from the workshop's sidebar ('!dev'): a test, not something to look at.
import { composeStories, type Meta, type StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

// Every story file but these checks (under support/).
const STORY_FILES = import.meta.glob<Record<string, unknown>>(
  ['../**/*.stories.tsx', '!../support/**'],
  { eager: true },
);

interface ArgTypeLike {
  control?: unknown;
  table?: { disable?: boolean };
}

interface ComposedLike {
  id: string;
  args: Record<string, unknown>;
  argTypes: Record<string, ArgTypeLike | undefined>;
}

/** The args the Controls panel shows with a control (the others it only lists, or hides). */
function controlledArgs(story: ComposedLike): [string, unknown][] {
  return Object.entries(story.args).filter(([name, value]) => {
    if (typeof value === 'function') return false; // an action: listed, never serialised
    const argType = story.argTypes[name];
    return argType?.control !== false && argType?.table?.disable !== true;
  });
}

const meta = {
  title: 'Para desenvolvedores/Controles',
  id: 'workshop-controls',
  tags: ['!dev', '!autodocs', 'skip-visual'],
  render: () => <></>,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryArgIsPlainData: Story = {
  play: async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const module of Object.values(STORY_FILES)) {
      const stories = composeStories(module as Parameters<typeof composeStories>[0]) as Record<
        string,
        ComposedLike
      >;
      for (const story of Object.values(stories))
        for (const [name, value] of controlledArgs(story)) {
          checked += 1;
          try {
            JSON.stringify(value);
          } catch (error) {
            const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
            problems.push(`${story.id}: arg "${name}" — ${message}`);
          }
        }
    }
    await expect(checked).toBeGreaterThan(100);
    await expect(problems).toEqual([]);
  },
};
