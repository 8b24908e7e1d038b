// The description format: paragraphs, bold, italic, lists; anything else (HTML included) is text.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FormattedText } from './FormattedText';
import { formattedTextToPlain, parseFormattedText, parseInline } from './parseFormattedText';

describe('parseFormattedText', () => {
  it('splits paragraphs on blank lines and runs of "- " lines into lists', () => {
    expect(
      parseFormattedText('Primeiro\nsegunda linha\n\n- um\n- dois\nDepois\n\n\nFim').map(
        (block) => block.kind,
      ),
    ).toEqual(['paragraph', 'list', 'paragraph', 'paragraph']);
    const list = parseFormattedText('- um\n- **dois**')[0];
    expect(list).toEqual({
      kind: 'list',
      items: [
        [{ kind: 'text', text: 'um' }],
        [{ kind: 'bold', children: [{ kind: 'text', text: 'dois' }] }],
      ],
    });
  });

  it('reads bold, italic and bold holding italic; leaves unclosed markers as text', () => {
    expect(parseInline('a **b *c* e** d')).toEqual([
      { kind: 'text', text: 'a ' },
      {
        kind: 'bold',
        children: [
          { kind: 'text', text: 'b ' },
          { kind: 'italic', children: [{ kind: 'text', text: 'c' }] },
          { kind: 'text', text: ' e' },
        ],
      },
      { kind: 'text', text: ' d' },
    ]);
    expect(parseInline('5 * 3 = 15 e **sem fim')).toEqual([
      { kind: 'text', text: '5 * 3 = 15 e **sem fim' },
    ]);
  });

  it('gives plain text without markers', () => {
    expect(formattedTextToPlain('**Leve** e *macia*\n\n- algodão\n- elastano')).toBe(
      'Leve e macia algodão; elastano',
    );
  });
});

describe('FormattedText', () => {
  it('renders the structure as elements and HTML as visible text', () => {
    const { container } = render(
      <FormattedText
        text={'**Forte** <script>alert(1)</script>\n\n- <img src=x onerror=alert(1)>'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Forte');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.querySelector('li')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
