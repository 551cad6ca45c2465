import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const CLIENTS = 20;

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  await database?.drop();
  database = undefined;
});

/** The code behind a failed fetch: ECONNREFUSED once the server stopped listening, ECONNRESET or UND_ERR_SOCKET for a connection cut under a request. */
function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
}

describe(`SIGTERM under ${CLIENTS} keep-alive clients on ${TEST_ENGINE}`, () => {
  it('resets no connection: requests in flight finish, later ones get the Indonesian 503, then connections are refused', async () => {
    database = await createTestDatabase({ roster: manyStudents('Henti', CLIENTS) });
    server = await startServerProcess({ DATABASE_URL: database.url });
    const { baseUrl } = server;
    const answers: { status: number; body: string }[] = [];
    const failures: string[] = [];
    const client = async (index: number) => {
      for (let attempt = 0; ; attempt++) {
        const hour = String(attempt % 24).padStart(2, '0');
        const request =
          attempt % 3 === 2
            ? fetch(`${baseUrl}/api/bookings`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'idempotency-key': `henti-${index}-${attempt}` },
                body: JSON.stringify({
                  name: `Henti ${index + 1}`,
                  date: `2026-12-${String(1 + (index % 28)).padStart(2, '0')}`,
                  start: `${hour}:00`,
                  end: `${hour}:15`,
                  reason: 'henti',
                  needStnk: '',
                }),
              })
            : fetch(`${baseUrl}/api/bookings?date=2026-12-0${1 + (index % 9)}`);
        try {
          const response = await request;
          answers.push({ status: response.status, body: await response.text() });
        } catch (error) {
          failures.push(failureCode(error));
          if (failureCode(error) === 'ECONNREFUSED') return;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
    await waitUntil('answers before the shutdown', () => answers.length >= 300);
    expect(await server.stop('SIGTERM')).toBe(0);
    await Promise.all(clients);

    expect(failures.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
    const closing = answers.filter((answer) => answer.status === 503);
    expect(closing.filter((answer) => answer.body !== JSON.stringify({ message: messages.serverClosing }))).toEqual([]);
    expect(answers.filter((answer) => ![200, 201, 422, 503].includes(answer.status))).toEqual([]);
    console.log(`SIGTERM: ${answers.length} answers, ${closing.length} the closing 503, ${failures.length} refused connections`);
  });
});
