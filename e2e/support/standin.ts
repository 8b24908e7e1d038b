// The control endpoints (/_standin) of the outside services' local stand-ins (the Pix PSP, the
// invoicing provider): GET without a body, POST with a JSON one; a refusal is an error naming it.
export async function standin<T>(base: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/_standin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`stand-in ${base}${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
