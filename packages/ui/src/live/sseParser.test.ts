import { describe, expect, it } from 'vitest';

import { SseParser, type SseMessage } from './sseParser';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = new SseParser({
    onMessage: (message) => messages.push(message),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, retries };
}

describe('SseParser', () => {
  it('dispatches one message per blank-line-terminated block, with its event name', () => {
    const { messages } = parse([
      'event: order\ndata: {"id":"1"}\n\nevent: expired\ndata: {}\n\ndata: plain\n\n',
    ]);
    expect(messages.map(({ event, data }) => [event, data])).toEqual([
      ['order', '{"id":"1"}'],
      ['expired', '{}'],
      ['message', 'plain'],
    ]);
  });

  it('joins a message split across chunks anywhere, even inside a field name or a CRLF', () => {
    const text = 'event: order\r\ndata: {"number":"VT-1"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([
        { event: 'order', data: '{"number":"VT-1"}', lastEventId: undefined },
      ]);
    }
  });

  it('accepts LF, CR and CRLF line ends', () => {
    const { messages } = parse(['data: a\r\rdata: b\n\ndata: c\r\n\r\n']);
    expect(messages.map((m) => m.data)).toEqual(['a', 'b', 'c']);
  });

  it('ignores comments (heartbeats) and blocks without data, and joins several data lines', () => {
    const { messages } = parse([
      ': connected\n\n: heartbeat\n\nevent: order\n\n',
      'data: a\ndata: b\n\n',
    ]);
    expect(messages).toEqual([{ event: 'message', data: 'a\nb', lastEventId: undefined }]);
  });

  it('reads retry hints and ids, and the space after the colon is optional', () => {
    const { messages, retries } = parse([
      'retry: 3000\nretry: soon\nid:7\nevent:order\ndata:x\n\n',
    ]);
    expect(retries).toEqual([3000]);
    expect(messages).toEqual([{ event: 'order', data: 'x', lastEventId: '7' }]);
  });

  it('keeps an unfinished block until its blank line arrives', () => {
    const { messages } = parse(['event: order\ndata: {"id":"1"}\n']);
    expect(messages).toEqual([]);
  });
});
