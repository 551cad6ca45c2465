import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

/** A state-changing request that the Origin check sees first; past it, an empty login body answers 400. */
async function postWithOrigin(baseUrl: string, origin: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: '{}',
  });
  if (response.status === 403) expect(await response.json()).toEqual({ message: 'Permintaan ditolak' });
  return response.status;
}

describe(`the Origin check on ${TEST_ENGINE}: scheme, host and port`, () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
    proxied = await startTestApp({ config: { trustProxy: 1 }, database: plain.database });
  });
  afterAll(async () => {
    await proxied.close();
    await plain.close();
  });

  it('accepts the server own origin over plain HTTP', async () => {
    expect(await postWithOrigin(plain.baseUrl, plain.baseUrl)).toBe(400);
  });

  it.each([
    ['another scheme', (url: URL) => `https://${url.host}`],
    ['another port', (url: URL) => `http://${url.hostname}:1`],
    ['another host', (url: URL) => `http://localhost:${url.port}`],
    ['an opaque origin', () => 'null'],
  ])('refuses %s', async (_title, origin) => {
    expect(await postWithOrigin(plain.baseUrl, origin(new URL(plain.baseUrl)))).toBe(403);
  });

  it('behind a trusted proxy takes the scheme and host from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pinjam.example.id' };
    expect(await postWithOrigin(proxied.baseUrl, 'https://pinjam.example.id', forwarded)).toBe(400);
    expect(await postWithOrigin(proxied.baseUrl, 'https://pinjam.example.id:443', forwarded)).toBe(400);
    expect(await postWithOrigin(proxied.baseUrl, 'http://pinjam.example.id', forwarded)).toBe(403);
    expect(await postWithOrigin(proxied.baseUrl, 'https://pinjam.example.id:8443', forwarded)).toBe(403);
  });

  it('without a trusted proxy ignores X-Forwarded-Proto', async () => {
    expect(await postWithOrigin(plain.baseUrl, `https://${new URL(plain.baseUrl).host}`, { 'x-forwarded-proto': 'https' })).toBe(403);
  });
});
