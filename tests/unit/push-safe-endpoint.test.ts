import { describe, expect, it } from 'vitest';
import { isAllowedAddress, isSafeEndpoint } from '../../src/server/push/safe-endpoint';
import { retryAfterMs } from '../../src/server/push/send';

describe('the addresses a push may go to', () => {
  it('allows public addresses only, loopback with the tests flag', () => {
    for (const address of ['8.8.8.8', '142.250.4.95', '2607:f8b0:4005:80a::200a'])
      expect(isAllowedAddress(address, false), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '2002:7f00:1::',
    ])
      expect(isAllowedAddress(address, false), address).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
  });

  it('wants https:, and http: only on loopback with the flag; no credentials in the URL', async () => {
    expect(await isSafeEndpoint('https://8.8.8.8/push', false)).toBe(true);
    expect(await isSafeEndpoint('http://8.8.8.8/push', false)).toBe(false);
    expect(await isSafeEndpoint('http://8.8.8.8/push', true)).toBe(false);
    expect(await isSafeEndpoint('http://127.0.0.1:9/push', true)).toBe(true);
    expect(await isSafeEndpoint('https://user:pass@8.8.8.8/push', false)).toBe(false);
    expect(await isSafeEndpoint('not a url', false)).toBe(false);
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
