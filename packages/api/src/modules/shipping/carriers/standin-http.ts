// The carriers' stand-in's HTTP pieces, shared by its parts (quotes and tracking in standin.ts,
// labels in standin-labels.ts, reverse logistics in standin-reverse.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The request's JSON body; null when absent or unreadable. */
export async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Cents as the carriers write reais: '25.50'. */
export const reais = (cents: number) => (cents / 100).toFixed(2);
