// Where media files live: a folder on the local disk (the embedded default, one instance) or an
// S3-compatible object store (S3_BUCKET: every instance reads what any of them wrote). S3 requests
// are signed here (AWS Signature Version 4 with node:crypto, sent with fetch): three calls do not
// warrant an SDK.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { S3Config } from '../../config';

export interface StoredMedia {
  body: Readable;
  /** Bytes, when the store says (it always does for a file on disk or an S3 object). */
  size: number | null;
  contentType: string;
}

export interface MediaStorage {
  /** Writes the whole file; a reader sees the old file or the new one, never a part. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is no such file. */
  get(name: string): Promise<StoredMedia | null>;
  exists(name: string): Promise<boolean>;
  /** Where the files go, for the start-up log (never a secret). */
  describe(): string;
}

/** Flat names only: no folder separators, no leading dot (so no `..`). */
const STORAGE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

function checkName(name: string): string {
  if (!STORAGE_NAME.test(name)) throw new Error(`invalid media file name: ${JSON.stringify(name)}`);
  return name;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Files in one folder, written through a temporary file and a rename. */
export class LocalDiskStorage implements MediaStorage {
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = path.join(this.dir, checkName(name));
    await mkdir(this.dir, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<StoredMedia | null> {
    // Opened before its size is read: a rename in between cannot pair one file's size with
    // another's bytes.
    const handle = await open(path.join(this.dir, checkName(name)), 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return {
      body: handle.createReadStream(),
      size: info.size,
      contentType: contentTypeOf(name),
    };
  }

  async exists(name: string): Promise<boolean> {
    const info = await stat(path.join(this.dir, checkName(name))).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ?? false;
  }

  describe(): string {
    return `local disk (${this.dir})`;
  }
}

export interface S3Options extends S3Config {
  /** How long to wait for the store's answer (its headers), in milliseconds (30 s). */
  timeoutMs?: number;
}

/** A store's refusal: its HTTP status and S3 error code (NoSuchBucket, AccessDenied...). */
export class S3Error extends Error {
  constructor(
    message: string,
    // Not `statusCode`: Fastify's error handler would answer the store's 403 to the client.
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export interface SignatureInput {
  method: string;
  /** The request's path as sent (already percent-encoded). */
  path: string;
  /** Lower-case header names and their values; every one is signed. */
  headers: Record<string, string>;
  payloadHash: string;
  /** YYYYMMDD'T'HHMMSS'Z', as in x-amz-date. */
  amzDate: string;
  region: string;
  secretAccessKey: string;
}

/**
 * AWS Signature Version 4 of a request without query string (S3, service "s3"): the signed header
 * names and the signature (storage.test.ts checks it on AWS's published examples).
 */
export function signatureV4(input: SignatureInput): { signedHeaders: string; signature: string } {
  const names = Object.keys(input.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(
    Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const signedHeaders = names.join(';');
  const canonicalHeaders = names
    .map((name) => `${name}:${(lowered[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    input.path,
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'),
    'aws4_request',
  );
  return { signedHeaders, signature: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

/** The x-amz-date of a moment: 20260102T030405Z. */
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function xmlField(xml: string, field: string): string | null {
  return new RegExp(`<${field}>([^<]*)</${field}>`).exec(xml)?.[1] ?? null;
}

/** Objects in one bucket of an S3-compatible store (AWS S3, MinIO, R2, Spaces...). */
export class S3Storage implements MediaStorage {
  private readonly base: URL;

  constructor(private readonly options: S3Options) {
    const endpoint = new URL(options.endpoint);
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    this.base = options.forcePathStyle
      ? new URL(`${endpoint.origin}${basePath}/${encodeRfc3986(options.bucket)}/`)
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}${basePath}/`);
  }

  private objectUrl(name: string): URL {
    const key = `${this.options.prefix}${checkName(name)}`;
    return new URL(key.split('/').map(encodeRfc3986).join('/'), this.base);
  }

  private async send(
    method: 'PUT' | 'GET' | 'HEAD',
    name: string,
    body?: { bytes: Buffer; contentType: string },
  ): Promise<Response> {
    const url = this.objectUrl(name);
    const payloadHash = body ? sha256Hex(body.bytes) : EMPTY_SHA256;
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDateOf(new Date()),
      ...(body ? { 'content-type': body.contentType } : {}),
    };
    const { signedHeaders, signature } = signatureV4({
      method,
      path: url.pathname,
      headers,
      payloadHash,
      amzDate: headers['x-amz-date']!,
      region: this.options.region,
      secretAccessKey: this.options.secretAccessKey,
    });
    const scope = `${headers['x-amz-date']!.slice(0, 8)}/${this.options.region}/s3/aws4_request`;
    const { host: _host, ...sent } = headers;
    // The answer's headers must come in time; the body then streams at the reader's pace.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 30_000);
    try {
      return await fetch(url, {
        method,
        headers: {
          ...sent,
          authorization: `AWS4-HMAC-SHA256 Credential=${this.options.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
        },
        body: body?.bytes,
        signal: controller.signal,
      });
    } catch (error) {
      const reason = controller.signal.aborted
        ? 'no answer in time'
        : error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      throw new Error(`S3 ${method} ${this.where(name)} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private where(name: string): string {
    return `s3://${this.options.bucket}/${this.options.prefix}${name} at ${this.base.origin}`;
  }

  private async refusal(method: string, name: string, response: Response): Promise<S3Error> {
    const xml = method === 'HEAD' ? '' : await response.text().catch(() => '');
    const code = xmlField(xml, 'Code');
    const message = xmlField(xml, 'Message');
    return new S3Error(
      `S3 ${method} ${this.where(name)} answered ${response.status}` +
        `${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
      response.status,
      code,
    );
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', name, { bytes, contentType });
    if (!response.ok) throw await this.refusal('PUT', name, response);
    await response.body?.cancel();
  }

  async get(name: string): Promise<StoredMedia | null> {
    const response = await this.send('GET', name);
    if (!response.ok) {
      const error = await this.refusal('GET', name, response);
      // A missing bucket is a configuration error, not a missing file.
      if (response.status === 404 && error.code !== 'NoSuchBucket') return null;
      throw error;
    }
    const length = response.headers.get('content-length');
    return {
      body: response.body
        ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
        : Readable.from([]),
      size: length !== null && /^\d+$/.test(length) ? Number(length) : null,
      contentType: response.headers.get('content-type') ?? contentTypeOf(name),
    };
  }

  async exists(name: string): Promise<boolean> {
    const response = await this.send('HEAD', name);
    if (response.ok) return true;
    if (response.status === 404) return false;
    throw await this.refusal('HEAD', name, response);
  }

  describe(): string {
    return `S3 bucket ${this.options.bucket}${this.options.prefix ? `, prefix ${this.options.prefix}` : ''} at ${this.base.origin}`;
  }
}

/** S3 when S3_BUCKET is set, else the folder MEDIA_DIR. */
export function mediaStorageFromConfig(config: {
  mediaDir: string;
  s3: S3Config | null;
}): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.mediaDir);
}
