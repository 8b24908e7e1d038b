// Media on object storage (issue 17): two real server processes, each with a MEDIA_DIR of its
// own, share one S3-compatible store (the tests' stand-in, which checks every signature): a photo
// a staff member uploads through A is served by B. Runs when TEST_DATABASE_URL is set, as
// two-processes.test.ts: separate processes need a shared database server.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD } from './helpers';
import { startS3StandIn, type S3StandIn } from './s3-standin';
import type { ServerProcess } from './server-process';
import { startTwoServers, type TwoServers } from './two-servers';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
const ADMIN_EMAIL = 'fotos@vitrine.test';

async function filesUnder(dir: string): Promise<string[]> {
  return readdir(dir, { recursive: true }).catch(() => []);
}

describe.runIf(Boolean(baseUrl))('media shared by two server processes through S3', () => {
  let servers: TwoServers;
  let dataDir: string;
  let store: S3StandIn;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    store = await startS3StandIn();
    // Each its own MEDIA_DIR (<dataDir>/<name>/media): only the store is shared.
    servers = await startTwoServers(baseUrl!, {
      adminEmail: ADMIN_EMAIL,
      env: { ...store.env({ prefix: 'vitrine' }), LOG_LEVEL: 'info' },
    });
    ({ a, b, dataDir } = servers);
  }, 120_000);

  afterAll(async () => {
    await servers?.close();
    await store?.close();
  });

  it('a PNG uploaded through A is served by B, byte for byte, as WebP', async () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    for (const server of [a, b]) {
      expect(server.output.join('')).toContain(
        `"storage":"S3 bucket ${store.bucket}, prefix vitrine/ at ${store.endpoint}"`,
      );
    }
    const login = await fetch(`${a.url}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: STAFF_PASSWORD, remember: false }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };

    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 110, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/png' }), 'foto.png');
    const uploaded = await fetch(`${a.url}/media/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id, url } = (await uploaded.json()) as { id: string; url: string };
    expect(url).toBe(`/media/${id}-900.webp`);
    const stored = store.objects.get(`vitrine/${id}-900.webp`);
    expect(stored?.contentType).toBe('image/webp');

    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(stored!.body)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(900);

    // Neither process kept the files on its own disk.
    for (const name of ['a', 'b']) {
      expect(await filesUnder(path.join(dataDir, name, 'media'))).toEqual([]);
    }
    // B read it from the store; A wrote every rendition there.
    expect(
      store.requests
        .filter((r) => r.method === 'PUT')
        .map((r) => r.key)
        .sort(),
    ).toEqual([320, 640, 900].map((width) => `vitrine/${id}-${width}.webp`));
    expect(store.requests).toContainEqual({
      method: 'GET',
      key: `vitrine/${id}-900.webp`,
      status: 200,
    });
    expect(a.output.join('') + b.output.join('')).not.toContain(store.secretAccessKey);
  }, 60_000);
});
