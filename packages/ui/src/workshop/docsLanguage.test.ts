// The docs pages speak Portuguese: a story's description (the comment right above its export, or
// its parameters.docs.description.story) is shown under the story on its docs page, so it is
// interface text. A description written in English fails here, named by file and story.
import { describe, expect, it } from 'vitest';

const STORY_FILES = import.meta.glob<string>(['../../../../stories/**/*.stories.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Words that only English uses (none is a Portuguese word: 'for', 'a', 'e', 'o', 'do', 'no' are
 * left out for that reason).
 */
// Letters around a word are any language's (\b would end a word at 'é': 'papéis').
const ENGLISH =
  /(?<![\p{L}\d])(the|and|with|when|which|its|it's|is|are|of|to|shows|without|from|then|that|this|an|only|one|by|after|before|into|has|have|their|they)(?![\p{L}\d])/iu;

/** What the text says once code spans, quoted UI strings and names in code are taken out. */
function proseOf(text: string): string {
  return text
    .replace(/`[^`]*`/g, ' ')
    .replace(/"[^"]*"|“[^”]*”|'[^']*'/g, ' ')
    .replace(/\b[a-z]+[A-Z]\w*\b/g, ' ') // camelCase names (placeOrder, docsPreview)
    .replace(/https?:\/\/\S+/g, ' ');
}

/** English words left in a description (empty when it reads as Portuguese). */
function englishIn(text: string): string[] {
  return [...proseOf(text).matchAll(new RegExp(ENGLISH.source, 'giu'))].map((match) => match[0]);
}

interface Description {
  story: string;
  text: string;
}

/** The comment directly above each `export const Story` and each docs.description.story string. */
function storyDescriptions(source: string): Description[] {
  const found: Description[] = [];
  for (const match of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*export const (\w+)/g)) {
    const text = match[1]!.replace(/^\s*\* ?/gm, ' ').trim();
    found.push({ story: match[2]!, text });
  }
  for (const match of source.matchAll(/story:\s*(?:'((?:[^'\\]|\\.)*)'|`([^`]*)`)/g)) {
    found.push({ story: '(docs.description.story)', text: match[1] ?? match[2] ?? '' });
  }
  return found;
}

describe('the docs pages speak Portuguese', () => {
  it('finds English in an English description and none in a Portuguese one', () => {
    expect(englishIn('Shows the empty bag, with the link to the home.')).toEqual([
      'Shows',
      'the',
      'with',
      'the',
      'to',
      'the',
    ]);
    expect(
      englishIn('Mostra a sacola vazia, com o link para a `HomeScreen` e "Continue comprando".'),
    ).toEqual([]);
    expect(
      storyDescriptions('/** Um pedido pago. */\nexport const Paid: Story = {};\n').map(
        (entry) => entry.story,
      ),
    ).toEqual(['Paid']);
  });

  it('every story description is written in Portuguese', () => {
    const english: string[] = [];
    for (const [path, source] of Object.entries(STORY_FILES)) {
      for (const { story, text } of storyDescriptions(source)) {
        const words = englishIn(text);
        if (words.length > 0)
          english.push(`${path.replace(/^(\.\.\/)+/, '')} › ${story}: ${words.join(', ')}`);
      }
    }
    expect(english, english.join('\n')).toEqual([]);
  });
});
