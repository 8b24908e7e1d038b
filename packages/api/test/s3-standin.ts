// A local stand-in for an S3-compatible store, for tests: a node:http server on a free port of
// 127.0.0.1 keeping objects in memory, answering PUT, GET and HEAD of objects at path-style URLs
// (/<bucket>/<key>). It checks every request's AWS Signature Version 4 as S3 does (recomputed
// with the known secret; 403 SignatureDoesNotMatch otherwise), so a client's signing is really
// tested; the check is written here on its own, from AWS's description, not borrowed from the
// client. Server processes a test spawns reach it over HTTP (env() gives their S3_* variables).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Request {
  method: string;
  key: string;
  status: number;
}

export interface S3StandIn {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key (prefix included). */
  objects: Map<string, StoredObject>;
  /** Every request answered, in order. */
  requests: S3Request[];
  /** The S3_* variables of a server using this store. */
  env(extra?: { prefix?: string }): Record<string, string>;
  close(): Promise<void>;
}

export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** How far x-amz-date may be from this clock, as S3 allows (RequestTimeTooSkewed beyond). */
const MAX_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

function escapeXml(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The SigV4 signature S3 expects of a request without query string (AWS: "Signature Calculations
 * for the Authorization Header"): `path` as sent, `headers` the signed ones, names in lower case.
 */
export function expectedSignature(request: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  secretAccessKey: string;
}): string {
  const names = Object.keys(request.headers).sort();
  const canonicalRequest = [
    request.method,
    request.path,
    '',
    ...names.map((name) => `${name}:${request.headers[name]!.trim().replace(/ +/g, ' ')}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const day = request.amzDate.slice(0, 8);
  const stringToSign = `AWS4-HMAC-SHA256\n${request.amzDate}\n${day}/${request.region}/s3/aws4_request\n${hex(canonicalRequest)}`;
  let key: Buffer = Buffer.from(`AWS4${request.secretAccessKey}`);
  for (const part of [day, request.region, 's3', 'aws4_request']) {
    key = createHmac('sha256', key).update(part).digest();
  }
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseAmzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'vitrine-teste';
  const region = options.region ?? 'sa-east-1';
  const accessKeyId = options.accessKeyId ?? 'CHAVE-DE-TESTE';
  const secretAccessKey = options.secretAccessKey ?? 'segredo-de-teste-do-armazenamento';
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];

  /** Checks the request's signature the way S3 does; throws a Refusal when it does not hold. */
  function authenticate(request: IncomingMessage, path: string, body: Buffer): void {
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    if (!match) {
      throw new Refusal(
        403,
        'AccessDenied',
        'Missing or malformed AWS4-HMAC-SHA256 Authorization.',
      );
    }
    const [, keyId, day, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) {
      throw new Refusal(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    if (scopeRegion !== region) {
      throw new Refusal(
        400,
        'AuthorizationHeaderMalformed',
        `The region '${scopeRegion}' is wrong; expecting '${region}'.`,
      );
    }
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const time = parseAmzDate(amzDate);
    if (Number.isNaN(time) || amzDate.slice(0, 8) !== day) {
      throw new Refusal(
        403,
        'AccessDenied',
        'x-amz-date is missing or does not match the credential scope.',
      );
    }
    if (Math.abs(Date.now() - time) > MAX_SKEW_MS) {
      throw new Refusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-content-sha256')) {
      throw new Refusal(403, 'AccessDenied', 'host and x-amz-content-sha256 must be signed.');
    }
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== hex(body)) {
      throw new Refusal(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const headers: Record<string, string> = {};
    for (const name of names) {
      const value = request.headers[name];
      if (value === undefined) {
        throw new Refusal(403, 'AccessDenied', `Signed header ${name} is missing.`);
      }
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const expected = expectedSignature({
      method: request.method ?? '',
      path,
      headers,
      payloadHash,
      amzDate,
      region,
      secretAccessKey,
    });
    if (
      names.join(';') !== [...names].sort().join(';') ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))
    ) {
      throw new Refusal(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<S3Request> {
    const method = request.method ?? '';
    const path = (request.url ?? '/').split('?')[0]!;
    const [, bucketPart = '', ...keyParts] = path.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    const body = await readBody(request);
    const seen = { method, key, status: 200 };
    try {
      authenticate(request, path, body);
      if (decodeURIComponent(bucketPart) !== bucket) {
        throw new Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist.');
      }
      if (!key) throw new Refusal(405, 'MethodNotAllowed', 'Only object requests are served.');
      if (method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          etag,
          lastModified: new Date(),
        });
        response.writeHead(200, { ETag: etag, 'Content-Length': 0 }).end();
        return seen;
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) throw new Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': object.body.length,
          ETag: object.etag,
          'Last-Modified': object.lastModified.toUTCString(),
        });
        response.end(method === 'GET' ? object.body : undefined);
        return seen;
      }
      throw new Refusal(405, 'MethodNotAllowed', `${method} is not served by this stand-in.`);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      seen.status = error.status;
      // HEAD answers carry no body, as S3's.
      const xml =
        method === 'HEAD'
          ? ''
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code>` +
            `<Message>${escapeXml(error.message)}</Message><Resource>${escapeXml(path)}</Resource></Error>`;
      response
        .writeHead(error.status, {
          'Content-Type': 'application/xml',
          'Content-Length': Buffer.byteLength(xml),
        })
        .end(xml);
      return seen;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).then(
      (seen) => requests.push(seen),
      (error: unknown) => {
        requests.push({ method: request.method ?? '', key: request.url ?? '', status: 500 });
        response.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: (extra = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      ...(extra.prefix ? { S3_PREFIX: extra.prefix } : {}),
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
