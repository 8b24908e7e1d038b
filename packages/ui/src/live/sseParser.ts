// An incremental Server-Sent Events parser (the WHATWG "event stream interpretation"): fed text
// chunks as they arrive, it calls back once per dispatched message. Lines end in LF, CR or CRLF,
// even when a CRLF is split between two chunks; `:` lines are comments (heartbeats).

export interface SseMessage {
  /** The `event:` field; 'message' when the block had none. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` seen so far, if any. */
  lastEventId: string | undefined;
}

export interface SseParserCallbacks {
  onMessage(message: SseMessage): void;
  /** A `retry:` field: the reconnection delay the server suggests, in ms. */
  onRetry?(ms: number): void;
}

export class SseParser {
  #buffer = '';
  /** The previous chunk ended in CR: a LF starting the next one belongs to it. */
  #pendingCr = false;
  #event = '';
  #data: string[] = [];
  #lastEventId: string | undefined;

  constructor(private readonly callbacks: SseParserCallbacks) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.#pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.#pendingCr = false;
    this.#buffer += text;
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i += 1) {
      const char = this.#buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      this.#line(this.#buffer.slice(start, i));
      if (char === '\r') {
        if (i + 1 === this.#buffer.length) this.#pendingCr = true;
        else if (this.#buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
    }
    this.#buffer = this.#buffer.slice(start);
  }

  #line(line: string): void {
    if (line === '') {
      this.#dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.callbacks.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  #dispatch(): void {
    const event = this.#event || 'message';
    const data = this.#data;
    this.#event = '';
    this.#data = [];
    // A block without data (only `event:`, or only comments) dispatches nothing.
    if (data.length === 0) return;
    this.callbacks.onMessage({ event, data: data.join('\n'), lastEventId: this.#lastEventId });
  }
}
