// The media storages: files in a folder, and objects in an S3-compatible store (against the
// tests' stand-in, which checks every request's signature as S3 does).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDemoImages, planDemoProducts } from '../catalog/seed';
import { expectedSignature, startS3StandIn, type S3StandIn } from '../../../test/s3-standin';
import {
  LocalDiskStorage,
  mediaStorageFromConfig,
  S3Error,
  S3Storage,
  sha256Hex,
  signatureV4,
  type S3Options,
} from './storage';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('AWS Signature Version 4', () => {
  // The examples of AWS's "Signature Calculations for the Authorization Header: Transferring
  // Payload in a Single Chunk" (S3 API reference), for the client and the stand-in alike.
  const secretAccessKey = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const examples: Array<{
    method: string;
    path: string;
    headers: Record<string, string>;
    payloadHash: string;
    signature: string;
  }> = [
    {
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': sha256Hex(''),
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: sha256Hex(''),
      signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
    {
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        host: 'examplebucket.s3.amazonaws.com',
        'x-amz-content-sha256': sha256Hex('Welcome to Amazon S3.'),
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      signature: '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    },
  ];

  it("gives AWS's published signatures (the client's signing)", () => {
    for (const example of examples) {
      const signed = signatureV4({
        ...example,
        amzDate: '20130524T000000Z',
        region: 'us-east-1',
        secretAccessKey,
      });
      expect(signed.signature, example.method).toBe(example.signature);
      expect(signed.signedHeaders).toBe(Object.keys(example.headers).sort().join(';'));
    }
    expect(examples[1]!.payloadHash).toBe(examples[1]!.headers['x-amz-content-sha256']);
  });

  it("gives AWS's published signatures (the stand-in's check)", () => {
    for (const example of examples) {
      expect(
        expectedSignature({
          ...example,
          amzDate: '20130524T000000Z',
          region: 'us-east-1',
          secretAccessKey,
        }),
        example.method,
      ).toBe(example.signature);
    }
  });
});

describe('LocalDiskStorage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vitrine-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a file whole (no temporary file left) and reads it back as a stream', async () => {
    const storage = new LocalDiskStorage(path.join(dir, 'criada-agora'));
    const bytes = randomBytes(200_000);
    await storage.put('foto-640.webp', bytes, 'image/webp');
    expect(await readdir(path.join(dir, 'criada-agora'))).toEqual(['foto-640.webp']);
    expect(await storage.exists('foto-640.webp')).toBe(true);
    const stored = await storage.get('foto-640.webp');
    expect(stored).toMatchObject({ size: 200_000, contentType: 'image/webp' });
    expect((await bytesOf(stored!.body)).equals(bytes)).toBe(true);
    // A second write replaces the file.
    await storage.put('foto-640.webp', Buffer.from('outra'), 'image/webp');
    expect(await readFile(path.join(dir, 'criada-agora', 'foto-640.webp'), 'utf8')).toBe('outra');
  });

  it('answers null and false for a missing file, a folder, or a folder that does not exist', async () => {
    const storage = new LocalDiskStorage(dir);
    await writeFile(path.join(dir, 'logo.svg'), '<svg/>');
    expect(await storage.get('nada.webp')).toBeNull();
    expect(await storage.exists('nada.webp')).toBe(false);
    expect(await storage.get('criada-agora')).toBeNull();
    expect(await storage.exists('criada-agora')).toBe(false);
    const absent = new LocalDiskStorage(path.join(dir, 'nao-existe'));
    expect(await absent.get('logo.svg')).toBeNull();
    expect(await absent.exists('logo.svg')).toBe(false);
    const logo = await storage.get('logo.svg');
    expect(logo?.contentType).toBe('image/svg+xml');
    expect((await bytesOf(logo!.body)).toString()).toBe('<svg/>');
  });

  it('refuses names that would leave the folder', async () => {
    const storage = new LocalDiskStorage(dir);
    for (const name of ['../fora.webp', 'a/b.webp', '.oculto', '', '..']) {
      await expect(storage.put(name, Buffer.from('x'), 'image/webp'), name).rejects.toThrow(
        /invalid media file name/,
      );
      await expect(storage.get(name), name).rejects.toThrow(/invalid media file name/);
    }
  });
});

describe('S3Storage against the S3 stand-in', () => {
  let store: S3StandIn;
  let options: S3Options;
  beforeAll(async () => {
    store = await startS3StandIn();
    options = {
      endpoint: store.endpoint,
      region: store.region,
      bucket: store.bucket,
      accessKeyId: store.accessKeyId,
      secretAccessKey: store.secretAccessKey,
      forcePathStyle: true,
      prefix: '',
    };
  });
  afterAll(async () => {
    await store?.close();
  });

  it('stores and reads back every byte of a binary file, with its type and size', async () => {
    const storage = new S3Storage(options);
    // Every byte value, and more than one network chunk.
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(300_000),
    ]);
    await storage.put('binario-1024.webp', bytes, 'image/webp');
    expect(store.objects.get('binario-1024.webp')?.contentType).toBe('image/webp');
    expect(await storage.exists('binario-1024.webp')).toBe(true);
    const stored = await storage.get('binario-1024.webp');
    expect(stored).toMatchObject({ size: bytes.length, contentType: 'image/webp' });
    expect((await bytesOf(stored!.body)).equals(bytes)).toBe(true);
  });

  it('answers null and false for a missing object (404 NoSuchKey)', async () => {
    const storage = new S3Storage(options);
    expect(await storage.get('ausente.webp')).toBeNull();
    expect(await storage.exists('ausente.webp')).toBe(false);
    expect(store.requests.slice(-2).map((r) => [r.method, r.status])).toEqual([
      ['GET', 404],
      ['HEAD', 404],
    ]);
  });

  it('puts every name under the prefix, and reads only there', async () => {
    const storage = new S3Storage({ ...options, prefix: 'loja-a/midia/' });
    await storage.put('brand-aurora.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(store.objects.has('loja-a/midia/brand-aurora.svg')).toBe(true);
    expect(store.objects.has('brand-aurora.svg')).toBe(false);
    expect(await storage.exists('brand-aurora.svg')).toBe(true);
    expect(await new S3Storage(options).exists('brand-aurora.svg')).toBe(false);
    expect(await bytesOf((await storage.get('brand-aurora.svg'))!.body)).toEqual(
      Buffer.from('<svg/>'),
    );
  });

  it('signs names that need percent-encoding as S3 expects', async () => {
    const storage = new S3Storage(options);
    await storage.put('nome_com-traco_e_sublinhado.v2.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.exists('nome_com-traco_e_sublinhado.v2.webp')).toBe(true);
    const prefixed = new S3Storage({ ...options, prefix: "pasta (1)/it's/" });
    await prefixed.put('a.webp', Buffer.from('y'), 'image/webp');
    expect(store.objects.has("pasta (1)/it's/a.webp")).toBe(true);
    expect(await prefixed.exists('a.webp')).toBe(true);
  });

  it('names the status and the S3 code when the secret is wrong, never the secret', async () => {
    const secret = 'segredo-errado-que-nao-pode-vazar';
    const storage = new S3Storage({ ...options, secretAccessKey: secret });
    const refused = await storage.put('x.webp', Buffer.from('x'), 'image/webp').catch((e) => e);
    expect(refused).toBeInstanceOf(S3Error);
    expect(refused).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^S3 PUT s3://${store.bucket}/x\\.webp at ${store.endpoint} answered 403 SignatureDoesNotMatch: `,
      ),
    );
    expect((refused as Error).message).not.toContain(secret);
    expect((refused as { statusCode?: unknown }).statusCode).toBeUndefined();
    await expect(storage.get('binario-1024.webp')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    // HEAD answers carry no body: the status alone.
    await expect(storage.exists('binario-1024.webp')).rejects.toThrow(/answered 403$/);
    expect(store.objects.has('x.webp')).toBe(false);
  });

  it('refuses an unknown access key and an unknown bucket (not taken for a missing file)', async () => {
    await expect(
      new S3Storage({ ...options, accessKeyId: 'OUTRA' }).put(
        'x.webp',
        Buffer.from('x'),
        'image/webp',
      ),
    ).rejects.toThrow(/403 InvalidAccessKeyId/);
    const elsewhere = new S3Storage({ ...options, bucket: 'outro-bucket' });
    await expect(elsewhere.get('binario-1024.webp')).rejects.toThrow(/404 NoSuchBucket/);
    await expect(elsewhere.put('x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /404 NoSuchBucket/,
    );
  });

  it('says where it failed when the store does not answer', async () => {
    const closed = await startS3StandIn();
    await closed.close();
    const storage = new S3Storage({ ...options, endpoint: closed.endpoint });
    await expect(storage.exists('x.webp')).rejects.toThrow(
      new RegExp(
        `^S3 HEAD s3://${store.bucket}/x\\.webp at ${closed.endpoint} failed: .*ECONNREFUSED`,
      ),
    );
  });

  it('describes where the files go: the bucket is a host name unless path style is asked for', async () => {
    const storage = new S3Storage({
      ...options,
      endpoint: 'http://localhost:1',
      forcePathStyle: false,
    });
    expect(storage.describe()).toBe(
      `S3 bucket ${store.bucket} at http://${store.bucket}.localhost:1`,
    );
    expect(new S3Storage({ ...options, prefix: 'p/' }).describe()).toBe(
      `S3 bucket ${store.bucket}, prefix p/ at ${store.endpoint}`,
    );
  });
});

describe('the demo seed on S3', () => {
  it('draws the images into the store once: a restart finds them there', async () => {
    const store = await startS3StandIn();
    try {
      const storage = new S3Storage({
        endpoint: store.endpoint,
        region: store.region,
        bucket: store.bucket,
        accessKeyId: store.accessKeyId,
        secretAccessKey: store.secretAccessKey,
        forcePathStyle: true,
        prefix: 'demo/',
      });
      const plans = planDemoProducts().slice(0, 1);
      expect(await drawDemoImages(storage, plans)).toBe(3);
      const keys = [...store.objects.keys()];
      expect(keys).toHaveLength(6);
      expect(keys.every((key) => /^demo\/seed-.+-(320|640)\.webp$/.test(key))).toBe(true);
      const puts = store.requests.filter((r) => r.method === 'PUT').length;
      expect(await drawDemoImages(storage, plans)).toBe(0);
      expect(store.requests.filter((r) => r.method === 'PUT')).toHaveLength(puts);
    } finally {
      await store.close();
    }
  });
});

describe('mediaStorageFromConfig', () => {
  it('is the local folder without S3, and S3 with it', () => {
    const local = mediaStorageFromConfig({ mediaDir: '/srv/midia', s3: null });
    expect(local).toBeInstanceOf(LocalDiskStorage);
    expect(local.describe()).toBe('local disk (/srv/midia)');
    const s3 = mediaStorageFromConfig({
      mediaDir: '/srv/midia',
      s3: {
        endpoint: 'https://s3.sa-east-1.amazonaws.com',
        region: 'sa-east-1',
        bucket: 'vitrine-midia',
        accessKeyId: 'AKIA',
        secretAccessKey: 'segredo',
        forcePathStyle: false,
        prefix: '',
      },
    });
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.describe()).toBe(
      'S3 bucket vitrine-midia at https://vitrine-midia.s3.sa-east-1.amazonaws.com',
    );
    expect(s3.describe()).not.toContain('segredo');
  });
});
