import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close().catch(() => {});
  testApp = undefined;
});

describe('shutdown', () => {
  it('answers a request that reaches it while it closes with 503 and the Indonesian message, never Fastify’s English one', async () => {
    testApp = await startTestApp();
    const { app, baseUrl } = testApp;
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // A request whose body is still on its way keeps the connection busy while the server closes.
    const inFlight = new Promise((resolve) => app.server.once('request', resolve));
    socket.write('POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{');
    await inFlight;
    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write(`}GET /api/today HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await ended;
    await closed;

    const responses = received.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    const late = responses[1] ?? '';
    expect(late).toMatch(/^HTTP\/1\.1 503 /);
    expect(late).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(late.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: messages.serverClosing }));
    expect(received).not.toContain('Service Unavailable"');
  });
});
