import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/booking-fixtures';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

/** Short enough to keep the test fast; the server's own default is 30 s. */
const TIMEOUT_MS = 300;

/**
 * A client that sends a booking's headers, then its body one byte at a time, never finishing;
 * resolves to what the server answered once it closed the connection.
 */
function trickle(baseUrl: string, head: string, body: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    let sent = 0;
    const socket = connect(Number(port), hostname, () => socket.write(head));
    // The slow client itself: a byte every 50 ms keeps the connection busy, never idle.
    const drip = setInterval(() => {
      if (sent < body.length - 1 && socket.writable) socket.write(body[sent++] as string);
    }, 50);
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', (error) => {
      clearInterval(drip);
      if (answer === '') reject(error);
    });
    socket.on('close', () => {
      clearInterval(drip);
      resolve(answer);
    });
  });
}

describe(`a request that arrives too slowly on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    testApp = await startTestApp({
      buildOptions: { requestTimeoutMs: TIMEOUT_MS, logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is cut with 408 and an Indonesian message, writes nothing, and the server answers others', async () => {
    const body = JSON.stringify({ name: 'Budi Santoso', date: '2026-11-23', start: '08:00', end: '10:00', reason: 'x'.repeat(200) });
    const head = `POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await trickle(testApp.baseUrl, head, body);
    const [status, ...rest] = answer.split('\r\n');
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n'))).toEqual({ message: 'Koneksi terlalu lambat, coba lagi.' });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
    expect((await requestJson(testApp.baseUrl, '/healthz')).status).toBe(200);
    // A client that went away is not a fault of the server: nothing is logged as an error.
    expect(logs.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });

  it('is cut when even its headers do not finish', async () => {
    const answer = await trickle(testApp.baseUrl, 'GET /api/today HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(200)}`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });
});
