// A deployment behind a proxy that forgot TRUST_PROXY is told so in the log, once.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { UNTRUSTED_PROXY_WARNING } from './untrusted-proxy';

describe('a proxy in front without TRUST_PROXY', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function serverLogging(env: Record<string, string> = {}) {
    const lines: string[] = [];
    ctx = await createTestContext({ env, logStream: { write: (line) => lines.push(line) } });
    const warnings = () =>
      lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; proxyAddress?: string })
        .filter((line) => line.msg === UNTRUSTED_PROXY_WARNING);
    const healthz = (headers: Record<string, string> = {}) =>
      ctx!.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.5', headers });
    return { warnings, healthz };
  }

  it('is logged as a warning at the first request that came through one, and only once', async () => {
    const { warnings, healthz } = await serverLogging();
    expect((await healthz()).statusCode).toBe(200);
    expect(warnings()).toHaveLength(0);
    await healthz({ 'x-forwarded-for': '203.0.113.7' });
    await healthz({ 'x-forwarded-for': '203.0.113.8' });
    expect(warnings()).toEqual([expect.objectContaining({ level: 40, proxyAddress: '10.0.0.5' })]);
  });

  it('is not logged once TRUST_PROXY names the proxy', async () => {
    const { warnings, healthz } = await serverLogging({ TRUST_PROXY: '10.0.0.5' });
    await healthz({ 'x-forwarded-for': '203.0.113.7' });
    expect(warnings()).toHaveLength(0);
  });
});
