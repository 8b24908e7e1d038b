// An SMTP stand-in for the end-to-end server: the store sends its mails through real SMTP
// (SMTP_URL, nodemailer) to this process, which keeps them in memory and lists them over HTTP, so
// a journey can check what the customer received. Plain SMTP on loopback (no STARTTLS offered,
// no AUTH), enough for nodemailer. Run by playwright.config.ts.
//
//   GET /messages?to=<address>   [{ from, to, subject, text, receivedAt }] oldest first
//   GET /healthz
import http from 'node:http';
import net from 'node:net';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3102);
const httpPort = Number(process.env.E2E_SMTP_HTTP_PORT ?? 3103);
const messages = [];

/** '=?UTF-8?Q?Pedido_VT-10001_=E2=80=94_pago?=' and B-encoded words -> text. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}

/** Headers (unfolded) and a readable body of a raw message. */
function parseMessage(raw) {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const headers = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = split === -1 ? '' : raw.slice(split + 4);
  // Quoted-printable soft breaks and escapes, good enough to search the text for a word.
  const text = body
    .replace(/=\r\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) =>
      new TextDecoder().decode(Buffer.from(run.replace(/=/g, ''), 'hex')),
    );
  return { subject: decodeWords(headers.subject ?? ''), text };
}

const smtp = net.createServer((socket) => {
  socket.setEncoding('utf8');
  let buffer = '';
  let envelope = { from: '', to: [] };
  let data = null;
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 vitrine-e2e-smtp ESMTP stand-in');
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        const raw = (data + buffer.slice(0, end)).replace(/\r\n\.\./g, '\r\n.');
        buffer = buffer.slice(end + 5);
        data = null;
        messages.push({
          from: envelope.from,
          to: envelope.to,
          ...parseMessage(raw),
          receivedAt: new Date().toISOString(),
        });
        envelope = { from: '', to: [] };
        reply('250 OK: queued');
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-vitrine-e2e-smtp');
        reply('250 8BITMIME');
      } else if (verb === 'HELO') reply('250 vitrine-e2e-smtp');
      else if (verb === 'MAIL') {
        envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 OK');
      } else if (verb === 'RCPT') {
        envelope.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
        reply('250 OK');
      } else if (verb === 'DATA') {
        data = '';
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        envelope = { from: '', to: [] };
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => undefined);
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('content-type', 'application/json; charset=utf-8');
  if (url.pathname === '/healthz') return response.end('{"ok":true}');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  }
  response.statusCode = 404;
  response.end('{"error":"not found"}');
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  api.listen(httpPort, '127.0.0.1', () => {
    process.stdout.write(`SMTP stand-in on 127.0.0.1:${smtpPort}, messages on :${httpPort}\n`);
  });
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    smtp.close();
    api.close(() => process.exit(0));
  });
}
