// `npx tsx bench/waits-lock.ts`: issue 40's proof that the waiting list's offer round holds the
// booking lock for a bounded time whatever the number of waits. Bookings are made through the real
// BookingService while the round runs every 100 ms (150 times its production pace), first with no
// wait, then with 2,000 open waits for spans that stay booked; the booking p99 of both is printed.
// PostgreSQL only (the engine where a booking waiting over 3 s fails). Not part of `npm run bench`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { addDays, todayIn } from '../src/domain/time/clock';
import { BookingService } from '../src/server/create-booking/service';
import { installSubscribers } from '../src/server/events/bus';
import { subscribers } from '../src/server/subscribers';
import { offerFreedSpans } from '../src/server/waiting-list/rounds';
import { seedBenchData } from './dataset';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = 'Asia/Jakarta';
const WAITS = 2_000;
const BOOKINGS = 200;
const CONCURRENCY = 4;
const ROUND_EVERY_MS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** 2,000 open waits, each for a seeded booking's span, so none is ever offered: the round's worst case. */
async function seedWaits(db: Db, today: string): Promise<void> {
  const booked = await db.kysely
    .selectFrom('borrow_request')
    .select(['users_id', 'borrow_date', 'start_time', 'end_time'])
    .where('borrow_date', '>', today)
    .execute();
  const devices: number[] = [];
  for (let index = 0; index < 60; index++) {
    const row = await db.kysely
      .insertInto('borrower_device')
      .values({ secret_hash: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('borrower_chat')
      .values({ chat_id: String(5000 + index), device_id: row.id, linked_at: new Date().toISOString() })
      .execute();
    devices.push(row.id);
  }
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const waits = Array.from({ length: WAITS }, (_, index) => {
    const booking = booked[index % booked.length];
    if (!booking) throw new Error('no booking to wait for');
    return {
      device_id: devices[index % devices.length] ?? 0,
      users_id: booking.users_id,
      borrow_date: booking.borrow_date,
      start_time: booking.start_time,
      end_time: booking.end_time,
      reason: 'Menunggu',
      created_at: new Date().toISOString(),
      taken: `${minutes(booking.start_time)}-${minutes(booking.end_time)}`,
      ref: randomBytes(12).toString('base64url'),
    };
  });
  for (let from = 0; from < waits.length; from += 500)
    await db.kysely
      .insertInto('slot_wait')
      .values(waits.slice(from, from + 500))
      .execute();
}

/** BOOKINGS bookings, CONCURRENCY at a time, on days after the seeded ones, from `hour` on; each one's milliseconds. */
async function bookAll(service: BookingService, names: string[], today: string, hour: number): Promise<{ ms: number[]; refused: number }> {
  const ms: number[] = [];
  let refused = 0;
  let next = 0;
  const worker = async () => {
    while (next < BOOKINGS) {
      const index = next++;
      const date = addDays(today, 31 + (index % 58));
      const start = hour + Math.floor(index / 58);
      const input = {
        name: names[index % names.length] ?? '',
        date,
        start: `${String(start).padStart(2, '0')}:00`,
        end: `${String(start).padStart(2, '0')}:30`,
        reason: 'Bench',
        needStnk: 'tidak' as const,
      };
      const began = performance.now();
      const outcome = await service.create({ input, ip: `10.0.0.${index % 250}`, idempotencyKey: undefined, today, now: new Date() });
      ms.push(performance.now() - began);
      if (outcome.kind !== 'created') refused += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms, refused };
}

async function scenario(db: Db, service: BookingService, names: string[], today: string, hour: number) {
  let rounds = 0;
  const roundMs: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const began = performance.now();
      await offerFreedSpans(db, { now: new Date(), timeZone: TIME_ZONE, graceMinutes: 10 });
      roundMs.push(performance.now() - began);
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, ROUND_EVERY_MS));
    }
  })();
  const { ms, refused } = await bookAll(service, names, today, hour);
  running = false;
  await loop;
  const sorted = [...ms].sort((a, b) => a - b);
  const rounded = [...roundMs].sort((a, b) => a - b);
  return {
    bookings: ms.length,
    refused,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    rounds,
    roundP50: Math.round(percentile(rounded, 50) * 10) / 10,
    roundMax: Math.round((rounded.at(-1) ?? 0) * 10) / 10,
  };
}

async function main(): Promise<void> {
  const name = `pinjam_bench_waits_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const db = createDb({ engine: 'postgres', url: POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`) });
  try {
    await migrateToLatest(db);
    installSubscribers(subscribers);
    const today = todayIn(TIME_ZONE, new Date());
    const { names } = await seedBenchData(db, today);
    const limits = {
      horizonDays: 90,
      bookingsPerHour: 0,
      voucherGuessesPerHour: 10,
      queueLimit: 500,
      timeZone: TIME_ZONE,
      returnGraceMinutes: 10,
    };
    const service = new BookingService(db, limits, randomBytes(32).toString('hex'));
    const without = await scenario(db, service, names, today, 6);
    await seedWaits(db, today);
    const withWaits = await scenario(db, service, names, today, 12);
    console.log(JSON.stringify({ engine: 'postgres', waits: { 0: without, [WAITS]: withWaits } }, null, 2));
  } finally {
    await db.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

await main();
