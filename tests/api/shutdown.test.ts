import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { manyStudents } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

let testApp: TestApp | undefined;

let database: TestDatabase | undefined;

afterEach(async () => {
  await testApp?.close().catch(() => {});
  testApp = undefined;
  await database?.drop();
  database = undefined;
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

  it('under load, exits cleanly: every request is served or refused in Indonesian, none in Fastify’s English', async () => {
    database = await createTestDatabase({ roster: manyStudents('Tutup', 8) });
    const server = await startServerProcess({ DATABASE_URL: database.url });
    const answers: { status: number; body: string }[] = [];
    const client = async (index: number) => {
      for (let attempt = 0; ; attempt++) {
        const hour = String(attempt % 24).padStart(2, '0');
        const request =
          attempt % 2 === 0
            ? fetch(`${server.baseUrl}/api/bookings?date=2026-12-0${1 + (index % 8)}`)
            : fetch(`${server.baseUrl}/api/bookings`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  name: `Tutup ${index + 1}`,
                  date: '2026-12-10',
                  start: `${hour}:00`,
                  end: `${hour}:15`,
                  reason: 'tutup',
                  needStnk: '',
                }),
              });
        try {
          const response = await request;
          answers.push({ status: response.status, body: await response.text() });
        } catch {
          return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    await waitUntil('answers before the shutdown', () => answers.length >= 200);
    expect(await server.stop('SIGTERM')).toBe(0);
    await Promise.all(clients);

    const late = answers.filter((answer) => answer.status === 503);
    expect(late.filter((answer) => answer.body !== JSON.stringify({ message: messages.serverClosing }))).toEqual([]);
    expect(answers.filter((answer) => ![200, 201, 422, 503].includes(answer.status))).toEqual([]);
    expect(answers.filter((answer) => answer.body.includes('Service Unavailable'))).toEqual([]);
    console.log(`shutdown: ${answers.length} answers under load, ${late.length} of them the closing 503`);
  });
});
