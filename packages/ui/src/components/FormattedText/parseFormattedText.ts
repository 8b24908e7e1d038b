// The product description format (ProductSaveInput.description): paragraphs separated by a blank
// line, **bold**, *italic*, lines starting with '- ' as a list. Everything else is text: the
// parser only ever yields strings and these few node kinds, never markup.

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; children: InlineNode[] }
  | { kind: 'italic'; children: InlineNode[] };

export type BlockNode =
  { kind: 'paragraph'; lines: InlineNode[][] } | { kind: 'list'; items: InlineNode[][] };

const LIST_ITEM = /^\s*-\s+/;

/** `**bold**` and `*italic*` (bold may hold italic); an unclosed marker stays as text. */
export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer !== '') nodes.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('**', i)) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        nodes.push({ kind: 'bold', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    } else if (text[i] === '*') {
      const end = text.indexOf('*', i + 1);
      if (end > i + 1 && text[end + 1] !== '*') {
        flush();
        nodes.push({
          kind: 'italic',
          children: [{ kind: 'text', text: text.slice(i + 1, end) }],
        });
        i = end + 1;
        continue;
      }
    }
    buffer += text[i];
    i += 1;
  }
  flush();
  return nodes;
}

/** Blocks of the description: a run of '- ' lines is a list, other lines a paragraph. */
export function parseFormattedText(source: string): BlockNode[] {
  const blocks: BlockNode[] = [];
  const chunks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let list: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) {
        blocks.push({ kind: 'paragraph', lines: paragraph.map((line) => parseInline(line)) });
      }
      paragraph = [];
    };
    const flushList = () => {
      if (list.length > 0) blocks.push({ kind: 'list', items: list.map((l) => parseInline(l)) });
      list = [];
    };
    for (const line of lines) {
      if (LIST_ITEM.test(line)) {
        flushParagraph();
        list.push(line.replace(LIST_ITEM, '').trim());
      } else {
        flushList();
        paragraph.push(line.trim());
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

/** The description as plain text (SEO description fallback, previews): markers removed. */
export function formattedTextToPlain(source: string): string {
  const inline = (nodes: InlineNode[]): string =>
    nodes.map((node) => (node.kind === 'text' ? node.text : inline(node.children))).join('');
  return parseFormattedText(source)
    .map((block) =>
      block.kind === 'paragraph'
        ? block.lines.map(inline).join(' ')
        : block.items.map(inline).join('; '),
    )
    .join(' ');
}
