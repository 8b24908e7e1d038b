// A test client for GET /admin/events: reads the Server-Sent Events stream over real HTTP, records
// every event, and lets a test wait for the one it expects. node:http on a connection of its own
// (no pool): a pooled client may open spare connections that a closing server then waits for.
import http from 'node:http';
export interface ReceivedSseEvent {
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far (comments excluded). */
  events: ReceivedSseEvent[];
  /** The raw text received so far (comments and `retry:` included). */
  text(): string;
  /** Resolves with the first event (already received or coming) that matches. */
  waitFor(match: (event: ReceivedSseEvent) => boolean, what?: string): Promise<ReceivedSseEvent>;
  /** Resolves when the raw text contains `fragment`. */
  waitForText(fragment: string): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  response.setEncoding('utf8');
  const events: ReceivedSseEvent[] = [];
  let raw = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let done = false;
  response.on('data', (chunk: string) => {
    raw += chunk;
    buffer += chunk;
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    notify();
  });
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      done = true;
      notify();
      resolve();
    };
    response.once('end', finish);
    response.once('close', finish);
    response.once('error', finish);
  });
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    text: () => raw,
    waitFor(match, what = 'the expected event') {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended without ${what}; received:\n${raw}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    waitForText(fragment) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (raw.includes(fragment)) {
            waiters.delete(check);
            resolve();
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended without "${fragment}"; received:\n${raw}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => request.destroy(),
  };
}

/** The order events (`event: order`) received, parsed. */
export function orderEvents(client: EventStreamClient): Array<Record<string, unknown>> {
  return client.events
    .filter((e) => e.event === 'order')
    .map((e) => JSON.parse(e.data) as Record<string, unknown>);
}
