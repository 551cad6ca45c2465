import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

/** Sends `request` as raw bytes and resolves to everything the server answers before it closes the connection. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** Status line and JSON body of a raw HTTP answer. */
function parseRaw(answer: string): { status: number; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe(`errors Fastify answers itself, in Indonesian, on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each(['/api/%ZZ', '/api/bookings/%E0%A4%A', '/%ZZ'])('a broken percent-encoding in %s answers 400', async (path) => {
    const reply = await requestJson(testApp.baseUrl, path);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Alamat yang diminta tidak valid' });
  });

  it.each([
    ['an unknown path', 'GET', '/api/tidak-ada', undefined, undefined, 404, 'Halaman tidak ditemukan'],
    ['a method the path does not take', 'DELETE', '/api/bookings', undefined, undefined, 404, 'Halaman tidak ditemukan'],
    ['malformed JSON', 'POST', '/api/bookings', 'application/json', '{"name":', 400, 'Data yang dikirim tidak valid'],
    ['an empty JSON body', 'POST', '/api/bookings', 'application/json', '', 400, 'Data yang dikirim tidak valid'],
    ['a body that is not JSON', 'POST', '/api/bookings', 'text/csv', 'a,b', 415, 'Data yang dikirim tidak valid'],
    ['a __proto__ key', 'POST', '/api/admin/login', 'application/json', '{"__proto__":{}}', 400, 'Data yang dikirim tidak valid'],
  ])('%s answers %i with the app message', async (_title, method, path, type, body, status, message) => {
    const response = await fetch(`${testApp.baseUrl}${path}`, { method, headers: type ? { 'content-type': type } : {}, body });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
  });

  it('answers headers too large with 431 and an Indonesian message', async () => {
    const answer = await rawExchange(testApp.baseUrl, `GET /api/today HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(parseRaw(answer)).toEqual({ status: 431, body: { message: 'Data yang dikirim terlalu besar' } });
  });

  it('answers bytes that are not HTTP with 400 and an Indonesian message', async () => {
    const answer = await rawExchange(testApp.baseUrl, 'GET /api/today HTTP/1.1\r\nHost x\r\n\r\n');
    expect(parseRaw(answer)).toEqual({ status: 400, body: { message: 'Data yang dikirim tidak valid' } });
  });
});
