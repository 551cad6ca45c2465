import { afterEach, describe, expect, it } from 'vitest';
import { addVoucher, type BookingBody, bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
let fakes: FakeTelegram[] = [];
let apps: TestApp[] = [];

afterEach(async () => {
  // The token is in every URL the app calls: it must reach no log line and no stored error.
  for (const testApp of apps) {
    for (const fake of fakes) expect(testApp.logs.join('\n')).not.toContain(fake.telegram.token);
  }
  // A database outlives the apps a test restarted: it is read through one still running.
  for (const testApp of apps.filter((running) => running.app.server.listening)) {
    const errors = (await testApp.db.kysely.selectFrom('outbox').select('last_error').execute()).map((row) => row.last_error ?? '');
    for (const fake of fakes) expect(errors.join('\n')).not.toContain(fake.telegram.token);
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fakes = [];
  apps = [];
});

async function fake(): Promise<FakeTelegram> {
  const telegram = await startFakeTelegram();
  fakes.push(telegram);
  cleanups.push(() => telegram.close());
  return telegram;
}

async function app(telegram: FakeTelegram, clock: TestClock, options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {}, ...options });
  apps.push(testApp);
  cleanups.push(() => testApp.close());
  return testApp;
}

const ROSTER = [BUDI, { name: 'Rizky_Maulana', class: 'PPTI 22' }];

const TODAY = '2026-11-22';
/** 07:00 in Jakarta on TODAY. */
const SEVEN_AM = '2026-11-22T00:00:00.000Z';
const MINUTE = 60_000;

async function bookingApp(telegram: FakeTelegram, clock: TestClock, options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await app(telegram, clock, options);
  await seedRoster(testApp.db, ROSTER);
  return testApp;
}

async function book(testApp: TestApp, body: Partial<BookingBody>): Promise<void> {
  const reply = await postBooking(
    testApp.baseUrl,
    bookingBody({ date: TODAY, start: '09:00', end: '10:00', reason: 'Kuliah', needStnk: 'tidak', ...body }),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

async function refOf(testApp: TestApp, start: string): Promise<string> {
  const row = await testApp.db.kysely.selectFrom('borrow_request').select('ref').where('start_time', '=', start).executeTakeFirstOrThrow();
  if (row.ref === null) throw new Error('a booking without a ref');
  return row.ref;
}

async function bookingRow(testApp: TestApp, ref: string) {
  return testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
}

async function outboxKinds(testApp: TestApp): Promise<string[]> {
  return (await testApp.db.kysely.selectFrom('outbox').select('kind').orderBy('id').execute()).map((row) => row.kind);
}

const buttons = (telegram: FakeTelegram, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));

/** Pushes an update and waits until the app has taken it (its offset moved past it). */
async function deliverUpdate(testApp: TestApp, telegram: FakeTelegram, update: Record<string, unknown>): Promise<number> {
  const id = telegram.pushUpdate(update);
  await waitUntil(`update ${id} handled`, async () => {
    const row = await testApp.db.kysely.selectFrom('telegram_bot').select('last_update_id').executeTakeFirstOrThrow();
    return Number(row.last_update_id) >= id;
  });
  return id;
}

/** Waits until the app has recorded which Telegram message is the notice of the booking at `start`: its buttons act only from there. */
async function noticeRecorded(testApp: TestApp, start: string): Promise<number> {
  const ref = await refOf(testApp, start);
  let messageId = 0;
  await waitUntil(`the notice of ${start} recorded`, async () => {
    const row = await testApp.db.kysely
      .selectFrom('outbox')
      .select('sent_message_id')
      .where('dedupe_key', '=', `booking:${ref}`)
      .executeTakeFirst();
    messageId = row?.sent_message_id ?? 0;
    return messageId > 0;
  });
  return messageId;
}

/** Waits until every outbox row is sent (or given up). */
async function outboxDrained(testApp: TestApp): Promise<void> {
  await waitUntil('the outbox drained', async () => {
    const rows = await testApp.db.kysely.selectFrom('outbox').select(['sent_at', 'given_up_at']).execute();
    return rows.every((row) => row.sent_at !== null || row.given_up_at !== null);
  });
}

describe('cancelling from the booking notice', () => {
  it('Batalkan asks, Tidak takes it back, Ya, batalkan cancels, marks the message and frees the slot', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock);
    await book(testApp, { start: '09:00', end: '10:00', needStnk: 'ya' });
    await waitUntil('the notice', () => telegram.delivered.length === 1);
    const ref = await refOf(testApp, '09:00');
    const notice = telegram.delivered[0];
    if (!notice) throw new Error('no notice');
    expect(notice.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Batalkan', callback_data: `c:${ref}` }]] });
    expect(Buffer.byteLength(`c:${ref}`)).toBeLessThanOrEqual(64);
    const id = notice.messageId;
    await waitUntil('the message id recorded', async () => {
      const row = await testApp.db.kysely.selectFrom('outbox').selectAll().where('kind', '=', 'booking').executeTakeFirstOrThrow();
      return row.sent_message_id === id && row.sent_chat_id === telegram.telegram.chatId;
    });

    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${ref}`, id));
    await waitUntil('the confirmation keyboard', () => buttons(telegram, id).length === 2);
    expect(buttons(telegram, id)).toEqual([['Yakin batalkan?'], ['Ya, batalkan', 'Tidak']]);
    expect(telegram.chat.get(id)?.replyMarkup?.inline_keyboard[1]?.map((button) => button.callback_data)).toEqual([`y:${ref}`, `n:${ref}`]);

    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`n:${ref}`, id));
    await waitUntil('Batalkan back', () => buttons(telegram, id).length === 1);
    expect(buttons(telegram, id)).toEqual([['Batalkan']]);
    expect((await bookingRow(testApp, ref)).cancelled_at).toBeNull();

    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${ref}`, id));
    await waitUntil('the confirmation keyboard again', () => buttons(telegram, id).length === 2);
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${ref}`, id));
    await waitUntil('the cancelled line', () => telegram.chat.get(id)?.text.endsWith('\n❌ Dibatalkan') === true);
    expect(telegram.chat.get(id)?.text).toBe(`${notice.text}\n❌ Dibatalkan`);
    expect(buttons(telegram, id)).toEqual([]);
    expect(await bookingRow(testApp, ref)).toMatchObject({
      cancelled_by_kind: 'owner',
      cancel_reason: 'Dibatalkan lewat Telegram',
      cancelled_by_user_id: null,
    });
    // Every press answered; the cancel with what happened.
    expect(telegram.answers.map((answer) => answer.text)).toEqual([undefined, undefined, undefined, 'Peminjaman dibatalkan.']);

    // The owner is told as on every other cancel path, and the slot is free again.
    await waitUntil('the cancellation notice', () =>
      telegram.delivered.some((message) => message.text.startsWith('Peminjaman dibatalkan')),
    );
    expect(telegram.delivered.at(-1)?.text).toContain('Dibatalkan oleh: pemilik (Telegram)');
    await book(testApp, { name: 'Rizky_Maulana', start: '09:00', end: '10:00' });

    // A second press (the button seen on another device) cancels nothing more and edits nothing more.
    const editsBefore = telegram.edits.length;
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${ref}`, id));
    await waitUntil('the second answer', () => telegram.answers.length === 5);
    expect(telegram.answers[4]?.text).toBe('Peminjaman ini sudah dibatalkan.');
    await outboxDrained(testApp);
    expect(telegram.edits.length).toBe(editsBefore);
    expect((await outboxKinds(testApp)).filter((kind) => kind === 'booking-cancelled')).toHaveLength(1);
    expect(telegram.chat.get(id)?.text).toBe(`${notice.text}\n❌ Dibatalkan`);
  });

  it('a booking cancelled elsewhere answers its button with Peminjaman ini sudah dibatalkan. and removes the keyboard', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock);
    await book(testApp, { start: '11:00', end: '12:00' });
    await waitUntil('the notice', () => telegram.delivered.length === 1);
    const ref = await refOf(testApp, '11:00');
    const id = await noticeRecorded(testApp, '11:00');
    await testApp.db.kysely
      .updateTable('borrow_request')
      .set({ cancelled_at: clock.now().toISOString(), cancelled_by_kind: 'admin' })
      .where('ref', '=', ref)
      .execute();
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${ref}`, id));
    await waitUntil('the answer', () => telegram.answers.length === 1);
    expect(telegram.answers[0]?.text).toBe('Peminjaman ini sudah dibatalkan.');
    await waitUntil('the keyboard removed', () => buttons(telegram, id).length === 0);
  });

  it('a press in another chat changes nothing, is answered, and is logged once with its chat id', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock);
    await book(testApp, { start: '13:00', end: '14:00' });
    await waitUntil('the notice', () => telegram.delivered.length === 1);
    const ref = await refOf(testApp, '13:00');
    const id = telegram.delivered[0]?.messageId ?? 0;
    const stranger = '-100555';
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${ref}`, id, stranger));
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${ref}`, id, stranger));
    await deliverUpdate(testApp, telegram, telegram.textUpdate('/jadwal', stranger));
    await waitUntil('both presses answered', () => telegram.answers.length === 2);
    expect(telegram.answers.map((answer) => answer.text)).toEqual([undefined, undefined]);
    expect((await bookingRow(testApp, ref)).cancelled_at).toBeNull();
    expect(buttons(telegram, id)).toEqual([['Batalkan']]);
    expect(telegram.edits).toEqual([]);
    expect(await outboxKinds(testApp)).toEqual(['booking']);
    const ignored = testApp.logs.filter((line) => line.includes('from another chat ignored'));
    expect(ignored).toHaveLength(1);
    expect(JSON.parse(ignored[0] ?? '{}')).toMatchObject({ level: 30, chatId: stranger });
  });
});

describe('buttons tied to their notice', () => {
  it('a press carrying another booking, or Ya without Batalkan just before on that notice, changes nothing', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock);
    await book(testApp, { start: '08:00', end: '09:00' });
    await book(testApp, { name: 'Rizky_Maulana', start: '10:00', end: '11:00' });
    const [refA, refB] = [await refOf(testApp, '08:00'), await refOf(testApp, '10:00')];
    const [noticeA, noticeB] = [await noticeRecorded(testApp, '08:00'), await noticeRecorded(testApp, '10:00')];
    await outboxDrained(testApp);
    const forged = [`n:${refB}`, `c:${refB}`, `y:${refB}`, `y:${refA}`];
    for (const data of forged) await deliverUpdate(testApp, telegram, telegram.callbackUpdate(data, noticeA));
    await waitUntil('every forged press answered', () => telegram.answers.length === forged.length);
    expect(telegram.answers.map((answer) => answer.text)).toEqual(forged.map(() => undefined));
    expect(telegram.edits).toEqual([]);
    expect([buttons(telegram, noticeA), buttons(telegram, noticeB)]).toEqual([[['Batalkan']], [['Batalkan']]]);
    expect([(await bookingRow(testApp, refA)).cancelled_at, (await bookingRow(testApp, refB)).cancelled_at]).toEqual([null, null]);

    // Batalkan asked more than 5 minutes ago no longer lets Ya through; asked again, it does.
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${refA}`, noticeA));
    await waitUntil('the confirmation keyboard', () => buttons(telegram, noticeA).length === 2);
    clock.advance(6 * MINUTE);
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${refA}`, noticeA));
    await waitUntil('the late Ya answered', () => telegram.answers.length === forged.length + 2);
    expect((await bookingRow(testApp, refA)).cancelled_at).toBeNull();
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${refA}`, noticeA));
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${refA}`, noticeA));
    await waitUntil('the cancel', async () => (await bookingRow(testApp, refA)).cancelled_at !== null);
    expect((await bookingRow(testApp, refB)).cancelled_at).toBeNull();
  });
});

describe('commands in the owner chat', () => {
  async function ask(testApp: TestApp, telegram: FakeTelegram, text: string): Promise<string> {
    // Booking notices first, so the last message delivered is the answer.
    await outboxDrained(testApp);
    const before = telegram.delivered.length;
    await deliverUpdate(testApp, telegram, telegram.textUpdate(text));
    await waitUntil(`the answer to ${text}`, () => telegram.delivered.length > before);
    return telegram.delivered.at(-1)?.source ?? '';
  }

  it('/jadwal, /besok, /sekarang and /bantuan answer with the schedule', async () => {
    const telegram = await fake();
    // 20:00 in Jakarta on the day before TODAY.
    const clock = createTestClock('2026-11-21T13:00:00.000Z');
    const testApp = await bookingApp(telegram, clock);
    expect(await ask(testApp, telegram, '/jadwal')).toBe('Belum ada peminjaman hari ini.');
    expect(await ask(testApp, telegram, '/besok')).toBe('Belum ada peminjaman besok.');
    expect(await ask(testApp, telegram, '/sekarang')).toBe('Motor sedang tidak dipakai. Belum ada peminjaman berikutnya.');

    // An overnight voucher loan from 22:00 tonight to 04:00 tomorrow, and a morning loan tomorrow.
    await addVoucher(testApp.db, 'VCH-NIGHT1');
    await book(testApp, { date: '2026-11-21', start: '22:00', end: '23:00', reason: 'VCH-NIGHT1', needStnk: 'ya' });
    await book(testApp, { name: 'Rizky_Maulana', date: TODAY, start: '08:00', end: '09:30' });
    expect(await ask(testApp, telegram, '/jadwal')).toBe(
      ['*Jadwal hari ini, Sabtu, 21 November 2026*', '22:00 - 04:00 (besok) Budi Santoso (PPTI 21), butuh STNK'].join('\n'),
    );
    expect(await ask(testApp, telegram, '/besok@PinjamMotorBot')).toBe(
      [
        '*Jadwal besok, Minggu, 22 November 2026*',
        '22:00 (kemarin) - 04:00 Budi Santoso (PPTI 21), butuh STNK',
        '08:00 - 09:30 Rizky\\_Maulana (PPTI 22)',
      ].join('\n'),
    );
    expect(await ask(testApp, telegram, '/sekarang')).toBe(
      'Motor sedang tidak dipakai. Berikutnya: Budi Santoso (PPTI 21), hari ini jam 22:00.',
    );
    clock.advance(3 * 60 * MINUTE);
    expect(await ask(testApp, telegram, '/sekarang')).toBe('Motor sedang dipakai Budi Santoso (PPTI 21) sampai besok jam 04:00.');
    clock.advance(6 * 60 * MINUTE);
    expect(await ask(testApp, telegram, '/sekarang')).toBe(
      'Motor sedang tidak dipakai. Berikutnya: Rizky\\_Maulana (PPTI 22), hari ini jam 08:00.',
    );
    clock.advance(3 * 60 * MINUTE);
    expect(await ask(testApp, telegram, '/sekarang')).toBe('Motor sedang dipakai Rizky\\_Maulana (PPTI 22) sampai jam 09:30.');
    const help = [
      'Perintah:',
      '/jadwal - peminjaman hari ini',
      '/besok - peminjaman besok',
      '/sekarang - siapa yang memakai motor sekarang, atau kapan dipakai lagi',
      '/ambil - catat motor sudah diambil',
      '/kembali - catat motor sudah kembali',
      '/kas - saldo kas dan sisa tagihan terbesar',
      '/bengkel {alasan} - motor tidak bisa dipakai mulai sekarang',
      '/siap - motor sudah bisa dipakai lagi',
      '/bantuan - daftar perintah ini',
    ].join('\n');
    expect(await ask(testApp, telegram, '/bantuan')).toBe(help);
    expect(await ask(testApp, telegram, '/entah')).toBe(help);
    // Replies carry no buttons, and plain talk gets no answer.
    expect(telegram.delivered.at(-1)?.replyMarkup).toBeUndefined();
    const before = telegram.delivered.length;
    await deliverUpdate(testApp, telegram, telegram.textUpdate('halo'));
    await outboxDrained(testApp);
    expect(telegram.delivered.length).toBe(before);
  });
});

describe('the handover reminder', () => {
  it('comes once, the set minutes before the start, and names the STNK when it goes along', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock, { bot: { reminderMinutes: 30 } });
    await book(testApp, { start: '10:00', end: '11:00', needStnk: 'ya' });
    await book(testApp, { name: 'Rizky_Maulana', start: '12:00', end: '13:00' });
    await waitUntil('the notices', () => telegram.delivered.length === 2);

    clock.advance(2 * 60 * MINUTE + 30 * MINUTE); // 09:30
    await waitUntil('the reminder', () => telegram.delivered.length === 3);
    expect(telegram.delivered[2]?.source).toBe('Siapkan kunci dan STNK untuk Budi Santoso (PPTI 21) jam 10:00.');
    clock.advance(10 * MINUTE);
    clock.advance(2 * 60 * MINUTE); // 11:40: the second booking's reminder
    await waitUntil('the second reminder', () => telegram.delivered.length === 4);
    expect(telegram.delivered[3]?.source).toBe('Siapkan kunci untuk Rizky\\_Maulana (PPTI 22) jam 12:00.');
    await outboxDrained(testApp);
    expect((await outboxKinds(testApp)).filter((kind) => kind === 'reminder')).toHaveLength(2);
  });

  it('none for a cancelled booking, nor for one made less than that time before its start', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    const testApp = await bookingApp(telegram, clock, { bot: { reminderMinutes: 30 } });
    await book(testApp, { start: '10:00', end: '11:00' });
    await waitUntil('the notice', () => telegram.delivered.length === 1);
    const ref = await refOf(testApp, '10:00');
    const notice = await noticeRecorded(testApp, '10:00');
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`c:${ref}`, notice));
    await deliverUpdate(testApp, telegram, telegram.callbackUpdate(`y:${ref}`, notice));
    await waitUntil('the cancel', async () => (await bookingRow(testApp, ref)).cancelled_at !== null);

    clock.advance(2 * 60 * MINUTE + 50 * MINUTE); // 09:50
    await book(testApp, { name: 'Rizky_Maulana', start: '10:05', end: '10:15' });
    // A third booking made exactly 30 minutes ahead gets its reminder: the scheduler has seen all three.
    await book(testApp, { start: '10:20', end: '10:50' });
    await waitUntil('the third booking reminded', async () => (await outboxKinds(testApp)).includes('reminder'));
    await outboxDrained(testApp);
    const reminders = telegram.delivered.filter((message) => message.text.startsWith('Siapkan'));
    expect(reminders.map((message) => message.text)).toEqual(['Siapkan kunci untuk Budi Santoso (PPTI 21) jam 10:20.']);
  });
});

describe('the morning digest', () => {
  it('goes out once a day at TELEGRAM_DIGEST_TIME, with several instances and across a restart', async () => {
    const telegram = await fake();
    // 05:59 in Jakarta.
    const clock = createTestClock('2026-11-21T22:59:00.000Z');
    const bot = { digestTime: '06:00', reminderMinutes: 30 };
    // Outlives the instances that use it.
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const one = await bookingApp(telegram, clock, { bot, database });
    const userId = async (name: string) =>
      (await one.db.kysely.selectFrom('users').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const booked = { reason: 'Kuliah', voucher_code: null, need_stnk: false, created_at: '2026-11-21T10:00:00.000Z' };
    // Booked yesterday (written straight in): an overnight loan, and two early ones whose reminders
    // show when the scheduler has looked (at 05:59 and after the restart at 06:10).
    await one.db.kysely
      .insertInto('borrow_request')
      .values([
        {
          ...booked,
          users_id: await userId('Budi Santoso'),
          borrow_date: '2026-11-21',
          start_time: '23:00',
          end_time: '04:00',
          end_date: TODAY,
          need_stnk: true,
          ref: 'AAAAAAAAAAAAAAA1',
        },
        {
          ...booked,
          users_id: await userId('Rizky_Maulana'),
          borrow_date: TODAY,
          start_time: '06:25',
          end_time: '06:35',
          end_date: TODAY,
          ref: 'AAAAAAAAAAAAAAA2',
        },
        {
          ...booked,
          users_id: await userId('Budi Santoso'),
          borrow_date: TODAY,
          start_time: '06:40',
          end_time: '07:30',
          end_date: TODAY,
          ref: 'AAAAAAAAAAAAAAA3',
        },
      ])
      .execute();
    const two = await app(telegram, clock, { database, bot });
    await waitUntil('the 06:25 reminder', () => telegram.delivered.length === 1);
    expect(telegram.delivered[0]?.source).toBe('Siapkan kunci untuk Rizky\\_Maulana (PPTI 22) jam 06:25.');
    expect(await outboxKinds(one)).toEqual(['reminder']);
    // A claim's lease is on the app clock: moved a minute while the send is still unmarked, the row is due again.
    await outboxDrained(one);

    clock.advance(MINUTE); // 06:00
    await waitUntil('the digest', () => telegram.delivered.length === 2);
    expect(telegram.delivered[1]?.source).toBe(
      [
        '*Jadwal hari ini, Minggu, 22 November 2026*',
        '23:00 (kemarin) - 04:00 Budi Santoso (PPTI 21), butuh STNK',
        '06:25 - 06:35 Rizky\\_Maulana (PPTI 22)',
        '06:40 - 07:30 Budi Santoso (PPTI 21)',
      ].join('\n'),
    );
    // Stopped only once the digest is recorded as sent: a send cut off by a stop is sent again (at least once).
    await outboxDrained(one);
    await one.close();
    await two.close();
    clock.advance(10 * MINUTE); // 06:10
    const three = await app(telegram, clock, { database, bot });
    await waitUntil('the 06:40 reminder', () => telegram.delivered.length === 3);
    expect(telegram.delivered[2]?.source).toBe('Siapkan kunci untuk Budi Santoso (PPTI 21) jam 06:40.');
    await outboxDrained(three);
    expect(await outboxKinds(three)).toEqual(['reminder', 'digest', 'reminder']);

    // The next morning, an empty day: one short line.
    await three.db.kysely.updateTable('borrow_request').set({ cancelled_at: clock.now().toISOString() }).execute();
    clock.advance(24 * 60 * MINUTE);
    await waitUntil('the second digest', () => telegram.delivered.length === 4);
    expect(telegram.delivered[3]?.source).toBe('Belum ada peminjaman hari ini.');
  });

  it('an instance started in the evening does not send the morning digest', async () => {
    const telegram = await fake();
    // 19:00 in Jakarta.
    const clock = createTestClock('2026-11-22T12:00:00.000Z');
    const testApp = await app(telegram, clock, { bot: { digestTime: '06:00' } });
    await deliverUpdate(testApp, telegram, telegram.textUpdate('/bantuan'));
    await outboxDrained(testApp);
    expect(await outboxKinds(testApp)).toEqual(['reply']);
  });
});

describe('receiving updates', () => {
  it('one instance polls at a time, from the stored offset; a 409 is logged once an hour', async () => {
    const telegram = await fake();
    const clock = createTestClock(SEVEN_AM);
    // A lease longer than the hour the clock jumps below: the poller stays the same instance, so
    // the second line is that instance's hourly repeat, not the other one's first conflict.
    const bot = { pollerLeaseSeconds: 2 * 60 * 60 };
    const one = await app(telegram, clock, { bot });
    const two = await app(telegram, clock, { database: one.database, bot });
    for (let index = 0; index < 3; index++) await deliverUpdate(one, telegram, telegram.textUpdate('/bantuan'));
    await outboxDrained(one);
    expect(telegram.delivered).toHaveLength(3);
    expect(telegram.maxOpenPolls()).toBe(1);
    const offsets = telegram.polls.flatMap((poll) => {
      const offset = (poll.body as { offset?: number }).offset;
      return offset === undefined ? [] : [offset];
    });
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(telegram.polls[0]?.body).toMatchObject({ timeout: 1, allowed_updates: ['message', 'callback_query'] });

    telegram.conflict = true;
    const polled = telegram.polls.length;
    await waitUntil('several refused polls', () => telegram.polls.length > polled + 5);
    const conflicts = () => [...one.logs, ...two.logs].filter((line) => line.includes('getUpdates conflict')).length;
    expect(conflicts()).toBe(1);
    clock.advance(61 * MINUTE);
    await waitUntil('the conflict said again an hour later', () => conflicts() === 2);
    telegram.conflict = false;
  });
});
