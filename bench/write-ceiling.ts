// The write ceiling for case 4: a bare Fastify route that durably inserts one row per request,
// on a SQLite file opened exactly as the app opens its own (openSqlite: WAL, synchronous=FULL),
// so each request pays one disk flush, as a booking must. What the real booking does beyond
// this (the rules, the voucher, the outbox, the lock) costs throughput and latency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { openSqlite } from '../src/db/sqlite-dialect';

const port = Number(process.argv[2]);
const dir = mkdtempSync(join(tmpdir(), 'pinjam-write-ceiling-'));
const database = openSqlite(join(dir, 'ceiling.db'));
database.prepare('create table booking (id integer primary key, body text not null)').run([]);
const insert = database.prepare('insert into booking (body) values (?)');

const app = Fastify({ logger: false });
app.post('/api/bookings', (request, reply) => {
  insert.run([JSON.stringify(request.body)]);
  reply.status(201).send({ ok: true });
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
