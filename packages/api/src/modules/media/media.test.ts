// POST /media/ and GET /media/<file>: who may upload, which files are accepted, what is stored.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory } from '../catalog/catalog.fixtures';
import { sql } from 'drizzle-orm';
import { auditLog } from '../audit/audit.tables';
import { images } from '../catalog/catalog.tables';
import { IMAGE_WORK_CONCURRENCY } from './media.routes';
import { sniffImageFormat } from './media.service';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-standin';

let ctx: TestContext;
let mediaDir: string;
let adminToken: string;
let supportToken: string;
const PASSWORD = 'senha-de-teste-longa';

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'vitrine-media-'));
  ctx = await createTestContext({ env: { MEDIA_DIR: mediaDir } });
  await createStaffUser(ctx.db, { email: 'admin@vitrine.test', password: PASSWORD, role: 'ADMIN' });
  await createStaffUser(ctx.db, {
    email: 'suporte@vitrine.test',
    password: PASSWORD,
    role: 'SUPPORT',
  });
  adminToken = await loginAs(ctx.app, 'admin@vitrine.test', PASSWORD);
  supportToken = await loginAs(ctx.app, 'suporte@vitrine.test', PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

function multipartBody(filename: string, contentType: string, content: Buffer) {
  const boundary = `----vitrine${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  filename: string,
  contentType: string,
  content: Buffer,
  token: string | null = adminToken,
) {
  const body = multipartBody(filename, contentType, content);
  return ctx.app.inject({
    method: 'POST',
    url: '/media/',
    headers: {
      'content-type': body.contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body.payload,
  });
}

/** CRC-32 as PNG chunks use it (Node 20 has no zlib.crc32). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
}

describe('POST /media/', () => {
  it('re-encodes a PNG to WebP at 320, 640, 1024 and 1600 px wide', async () => {
    const response = await upload('foto.png', 'image/png', await png(2000, 1500));
    expect(response.statusCode).toBe(201);
    const body = response.json() as {
      id: string;
      url: string;
      srcSet: string;
      width: number;
      height: number;
    };
    expect(body.width).toBe(1600);
    expect(body.height).toBe(1200);
    expect(body.url).toBe(`/media/${body.id}-1024.webp`);
    expect(body.srcSet).toBe(
      [320, 640, 1024, 1600].map((w) => `/media/${body.id}-${w}.webp ${w}w`).join(', '),
    );
    const files = (await readdir(mediaDir)).filter((name) => name.startsWith(body.id)).sort();
    expect(files).toHaveLength(4);
    for (const file of files) {
      const bytes = await readFile(path.join(mediaDir, file));
      expect(sniffImageFormat(bytes)).toBe('webp');
    }
    const meta = await sharp(path.join(mediaDir, `${body.id}-640.webp`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 480]);
  });

  it('records the upload in the audit log, with the image and who sent it', async () => {
    const response = await upload('foto.png', 'image/png', await png(800, 600));
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'media.upload' AND ${auditLog.after} ->> 'imageId' = ${id}`);
    expect(entry).toMatchObject({
      actorEmail: 'admin@vitrine.test',
      entity: 'PRODUCT',
      summary: 'Imagem enviada (800 × 600)',
    });
    expect(entry!.ip).not.toBeNull();
    // A refused upload writes nothing.
    const before = await ctx.db.select({ id: auditLog.id }).from(auditLog);
    expect((await upload('foto.jpg', 'image/jpeg', Buffer.from('texto'))).statusCode).toBe(415);
    expect(await ctx.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
  });

  it('never enlarges a small image', async () => {
    const response = await upload(
      'pequena.jpg',
      'image/jpeg',
      await sharp(await png(500, 500))
        .jpeg()
        .toBuffer(),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json() as { id: string; srcSet: string; width: number };
    expect(body.width).toBe(500);
    expect(body.srcSet).toBe(`/media/${body.id}-320.webp 320w, /media/${body.id}-500.webp 500w`);
  });

  it('refuses a text file renamed .jpg with 415 and a Portuguese explanation', async () => {
    const response = await upload('foto.jpg', 'image/jpeg', Buffer.from('isto não é uma imagem'));
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toMatch(/JPEG, PNG ou WebP/);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const response = await upload('enorme.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('A imagem deve ter no máximo 10 MB.');
  });

  it('refuses a corrupt image whose first bytes look right with 400', async () => {
    const broken = Buffer.concat([(await png(100, 100)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const response = await upload('quebrada.png', 'image/png', broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/corrompida/);
  });

  it('refuses a decompression bomb by its header, naming its size, and stores nothing', async () => {
    // A real PNG whose header is rewritten to announce 20000 x 20000 pixels (400 megapixels):
    // the pixels are never decoded.
    const small = await png(10, 10);
    const bomb = Buffer.from(small);
    bomb.writeUInt32BE(20_000, 16); // IHDR width
    bomb.writeUInt32BE(20_000, 20); // IHDR height
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // IHDR's CRC over type + data
    const before = await readdir(mediaDir);
    const response = await upload('bomba.png', 'image/png', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      'A imagem tem 400 megapixels (20000 × 20000); o máximo é 50. Reduza a imagem e envie de novo.',
    );
    expect(await readdir(mediaDir)).toEqual(before);
  });

  it('drops EXIF data (GPS position included) from every rendition', async () => {
    const withGps = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 90 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera de Teste', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const response = await upload('com-gps.jpg', 'image/jpeg', withGps);
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const files = (await readdir(mediaDir)).filter((name) => name.startsWith(id));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const meta = await sharp(path.join(mediaDir, file)).metadata();
      expect(meta.exif).toBeUndefined();
      const bytes = await readFile(path.join(mediaDir, file));
      expect(bytes.includes(Buffer.from('Camera de Teste'))).toBe(false);
    }
  });

  it('asks for a login (401) and refuses SUPPORT (403)', async () => {
    const image = await png(400, 400);
    const anonymous = await upload('foto.png', 'image/png', image, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('Faça login para continuar.');
    const support = await upload('foto.png', 'image/png', image, supportToken);
    expect(support.statusCode).toBe(403);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/media/',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('lets a product use the uploaded image', async () => {
    const brand = await insertBrand(ctx.db, { slug: 'aurora', name: 'Aurora' });
    const category = await insertCategory(ctx.db, { slug: 'camisetas', name: 'Camisetas' });
    const uploaded = (await upload('foto.png', 'image/png', await png(800, 1000))).json() as {
      id: string;
    };
    const { body } = await graphql(
      ctx.app,
      `
        mutation ($input: ProductInput!, $variants: [VariantInput!]!) {
          productCreate(input: $input, variants: $variants) {
            images {
              id
              url
              alt
              width
              height
            }
          }
        }
      `,
      {
        input: {
          name: 'Camiseta Fotografada',
          description: '',
          brandId: brand.id,
          categoryId: category.id,
          imageIds: [uploaded.id],
        },
        variants: [{ sku: 'FOTO-1', priceCents: 3990 }],
      },
      adminToken,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      productCreate: {
        images: [
          {
            id: uploaded.id,
            url: `/media/${uploaded.id}-800.webp`,
            alt: 'Camiseta Fotografada',
            width: 800,
            height: 1000,
          },
        ],
      },
    });
  });
});

describe('GET /media/<file>', () => {
  it('serves a stored rendition with long cache headers', async () => {
    const uploaded = (await upload('foto.png', 'image/png', await png(700, 700))).json() as {
      url: string;
    };
    const response = await ctx.app.inject({ method: 'GET', url: uploaded.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sniffImageFormat(response.rawPayload)).toBe('webp');
  });

  it('answers 404 for unknown names and for paths that try to leave the folder', async () => {
    for (const url of ['/media/nada.webp', '/media/..%2F..%2Fetc%2Fpasswd', '/media/x.txt']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

/**
 * Sends one multipart upload over a real socket, written in `chunk`-byte writes like a network.
 * With `pauseAfter`, the writing stops once that many bytes of the file were sent and goes on a
 * moment after the server has read them (a network chunk that ends right there).
 */
function uploadOverHttp(
  port: number,
  content: Buffer,
  chunk: number,
  pauseAfter: number | null = null,
  token = adminToken,
) {
  const body = multipartBody('grande.png', 'image/png', content);
  const pauseAt =
    pauseAfter === null ? -1 : body.payload.indexOf(content.subarray(0, 16)) + pauseAfter;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/media/',
        headers: {
          'content-type': body.contentType,
          'content-length': body.payload.length,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
        );
        response.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is written: that is fine.
    request.on('error', reject);
    let offset = 0;
    let paused = false;
    const writeMore = () => {
      while (offset < body.payload.length) {
        if (offset === pauseAt && !paused) {
          paused = true;
          setTimeout(writeMore, 300);
          return;
        }
        const end = offset < pauseAt ? Math.min(offset + chunk, pauseAt) : offset + chunk;
        const slice = body.payload.subarray(offset, end);
        offset += slice.length;
        if (!request.write(slice)) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end();
    };
    writeMore();
  });
}

describe('POST /media/ over the network (issue 11, item 9)', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  it('answers 413 to every one of 8 concurrent oversized uploads and stores nothing', async () => {
    const limit = 10 * 1024 * 1024;
    // A genuine image with junk after its end: cut at 10 MB it still decodes, so a file taken
    // for complete would be stored (201), not refused.
    const image = await png(64, 64);
    const oversized = (extra: number) => {
      const content = Buffer.alloc(limit + extra, 1);
      image.copy(content);
      return content;
    };
    const filesBefore = (await readdir(mediaDir)).length;
    const rowsBefore = await ctx.db.$count(images);
    // Sizes and write sizes chosen so the 10 MB mark falls on and between network chunks.
    // The last three pause right at the limit: busboy then marks the file truncated without
    // handing over any further chunk, which toBuffer() took for a complete 10 MB file.
    const cases: Array<[number, number, number | null]> = [
      [1, 65536, null],
      [7, 16384, null],
      [1000, 65536, null],
      [65536, 1 << 20, null],
      [5 << 20, 65536, null],
      [1, 65536, limit],
      [4096, 65536, limit],
      [1 << 20, 65536, limit],
    ];
    const responses = await Promise.all(
      cases.map(([extra, chunk, pause]) => uploadOverHttp(port, oversized(extra), chunk, pause)),
    );
    expect(responses.map((r) => r.status)).toEqual(cases.map(() => 413));
    for (const response of responses) {
      expect(JSON.parse(response.body)).toEqual({ detail: 'A imagem deve ter no máximo 10 MB.' });
    }
    expect((await readdir(mediaDir)).length).toBe(filesBefore);
    expect(await ctx.db.$count(images)).toBe(rowsBefore);
  });

  it('re-encodes more concurrent images than run at once: the others wait their turn, all stored', async () => {
    const count = IMAGE_WORK_CONCURRENCY + 3;
    const uploads = await Promise.all(
      Array.from({ length: count }, async (_, i) =>
        uploadOverHttp(port, await png(1800 + i, 1200), 65536),
      ),
    );
    expect(uploads.map((u) => u.status)).toEqual(uploads.map(() => 201));
    for (const [i, u] of uploads.entries()) {
      const body = JSON.parse(u.body) as { id: string; width: number };
      expect(body.width).toBe(1600);
      const files = (await readdir(mediaDir)).filter((name) => name.startsWith(body.id));
      expect(files, `upload ${i}`).toHaveLength(4);
    }
  });
});

describe('media on an S3-compatible store (S3_BUCKET)', () => {
  let store: S3StandIn;
  let s3: TestContext;
  let s3Dir: string;
  let token: string;

  beforeAll(async () => {
    store = await startS3StandIn();
    s3Dir = await mkdtemp(path.join(tmpdir(), 'vitrine-media-s3-'));
    s3 = await createTestContext({ env: { MEDIA_DIR: s3Dir, ...store.env({ prefix: 'loja' }) } });
    await createStaffUser(s3.db, {
      email: 'admin@vitrine.test',
      password: PASSWORD,
      role: 'ADMIN',
    });
    token = await loginAs(s3.app, 'admin@vitrine.test', PASSWORD);
  });

  afterAll(async () => {
    await s3?.close();
    await store?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  it('writes the renditions to the bucket, not to MEDIA_DIR, and serves them from it', async () => {
    const body = multipartBody('foto.png', 'image/png', await png(700, 500));
    const uploaded = await s3.app.inject({
      method: 'POST',
      url: '/media/',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const { id, url } = uploaded.json() as { id: string; url: string };
    expect([...store.objects.keys()].sort()).toEqual([
      `loja/${id}-320.webp`,
      `loja/${id}-640.webp`,
      `loja/${id}-700.webp`,
    ]);
    expect(store.objects.get(`loja/${id}-640.webp`)?.contentType).toBe('image/webp');
    expect(await readdir(s3Dir)).toEqual([]);

    const response = await s3.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.rawPayload.equals(store.objects.get(`loja/${id}-700.webp`)!.body)).toBe(true);
  });

  it('serves a logo from the bucket with the SVG headers, and 404 for names it does not hold', async () => {
    await s3.app.mediaStorage.put('brand-aurora.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    const logo = await s3.app.inject({ method: 'GET', url: '/media/brand-aurora.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(logo.body).toBe('<svg/>');
    const asked = store.requests.length;
    for (const url of ['/media/nada.webp', '/media/..%2Floja%2Fx.webp', '/media/x.txt']) {
      const response = await s3.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Arquivo não encontrado.' });
    }
    // Only the well-formed name reached the store.
    expect(store.requests.slice(asked).map((r) => [r.method, r.key, r.status])).toEqual([
      ['GET', 'loja/nada.webp', 404],
    ]);
  });
});
