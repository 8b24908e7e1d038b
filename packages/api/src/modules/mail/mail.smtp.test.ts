// Delivery through SMTP (SMTP_URL): nodemailer, loaded at the first mail (lib/lazy-modules.ts),
// speaks to a minimal SMTP server on loopback that keeps what it receives.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process';
import { smtpTransport } from './mail.service';

const received: string[] = [];
let server: net.Server;
let port: number;

beforeAll(async () => {
  server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 kept\r\n');
          } else {
            data += `${line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 stand-in\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('smtpTransport', () => {
  it('delivers a mail to the SMTP server of SMTP_URL', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(transport.kind).toBe('smtp');
    await transport.send({
      from: 'Vitrine <loja@vitrine.test>',
      to: 'cliente@exemplo.test',
      subject: 'Pedido recebido',
      text: 'Obrigado pela compra.',
      html: '<p>Obrigado pela compra.</p>',
    });
    transport.close?.();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: cliente@exemplo.test');
    expect(received[0]).toContain('Subject: Pedido recebido');
    expect(received[0]).toContain('Obrigado pela compra.');
  });

  it('fails the send when the server cannot be reached, and the next send tries again', async () => {
    const closedPort = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${closedPort}`);
    const mail = {
      from: 'loja@vitrine.test',
      to: 'a@exemplo.test',
      subject: 'x',
      text: 'y',
      html: '<p>y</p>',
    };
    await expect(transport.send(mail)).rejects.toThrow(/ECONNREFUSED/);
    await expect(transport.send(mail)).rejects.toThrow(/ECONNREFUSED/);
    transport.close?.();
  });
});
