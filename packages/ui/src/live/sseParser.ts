// An incremental Server-Sent Events parser: eventsource-parser, fed text chunks as they arrive
// (LF, CR or CRLF line ends, split anywhere; `:` comments such as heartbeats ignored), with the
// browser EventSource's defaults it leaves out: an event without `event:` is a 'message', and the
// last `id:` seen stays the last event id until another one arrives.
import { createParser, type EventSourceParser } from 'eventsource-parser';

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
  readonly #parser: EventSourceParser;
  #lastEventId: string | undefined;

  constructor(callbacks: SseParserCallbacks) {
    this.#parser = createParser({
      onEvent: ({ event, data, id }) => {
        this.#lastEventId = id ?? this.#lastEventId;
        callbacks.onMessage({ event: event ?? 'message', data, lastEventId: this.#lastEventId });
      },
      onRetry: (ms) => callbacks.onRetry?.(ms),
    });
  }

  push(chunk: string): void {
    this.#parser.feed(chunk);
  }
}
