import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { chatTexts, outboxDrained, sayIn } from '../helpers/borrower-chat';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type DeliveredMessage, type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { CLASS_ROSTER, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const MAIN = '-100987654';
const BEAT_OWNER = '5550001';
const NEW_OWNER = '5550002';

interface Owners {
  telegram: FakeTelegram;
  testApp: TestApp;
  clock: TestClock;
  api: ReturnType<typeof adminClient>;
}

async function ownersApp(bot: TestAppOptions['bot'] = {}): Promise<Owners> {
  const clock = createTestClock(jakartaInstant(TODAY, '08:00'));
  const telegram = await startFakeTelegram({ chatId: MAIN });
  cleanups.push(() => telegram.close());
  const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot });
  cleanups.push(() => testApp.close());
  const [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
  return { telegram, testApp, clock, api: adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin)) };
}

const drained = ({ testApp }: Owners) => outboxDrained(testApp);

const say = (owners: Owners, chatId: string, text: string) => sayIn(owners.telegram, owners.testApp, chatId, text);

/** A press under `messageId` from `chatId` once the outbox is drained (the bot knows its messages then); what the press answered. */
async function press(owners: Owners, chatId: string, data: string, messageId: number): Promise<string | undefined> {
  await drained(owners);
  const before = owners.telegram.answers.length;
  owners.telegram.pushUpdate(owners.telegram.callbackUpdate(data, messageId, chatId));
  await waitUntil(`the answer to ${data}`, () => owners.telegram.answers.length > before);
  await drained(owners);
  return owners.telegram.answers[before]?.text;
}

function lastIn({ telegram }: Owners, chatId: string): DeliveredMessage {
  const message = telegram.delivered.filter((delivered) => String(delivered.chatId) === chatId).at(-1);
  if (!message) throw new Error(`nothing in ${chatId}`);
  return message;
}

const labels = ({ telegram }: Owners, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));
const dataOf = ({ telegram }: Owners, messageId: number, label: string) =>
  telegram.chat
    .get(messageId)
    ?.replyMarkup?.inline_keyboard.flat()
    .find((button) => button.text === label)?.callback_data ?? '';

async function addBike({ api }: Owners, name: string): Promise<void> {
  expect((await api.post('/api/admin/motors', { name, plate: '' })).status).toBe(201);
}

async function linkOwner(owners: Owners, bikeId: number, chatId: string): Promise<void> {
  const made = await owners.api.post(`/api/admin/motors/${bikeId}/owner-code`);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(await say(owners, chatId, `/start ${made.body.code}`)).toMatch(/^Siap! Chat ini sekarang menerima pemberitahuan/);
}

async function book({ testApp }: Owners, body: Record<string, unknown>): Promise<{ ref: string; token: string }> {
  const reply = await postBooking(testApp.baseUrl, {
    ...bookingBody({ date: TODAY, start: '09:00', end: '10:00', reason: 'Kuliah', needStnk: 'tidak' }),
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const row = await testApp.db.kysely
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select('b.ref')
    .where('u.name', '=', String(body.name ?? 'Budi Santoso'))
    .orderBy('b.id', 'desc')
    .executeTakeFirstOrThrow();
  return { ref: row.ref ?? '', token: reply.body.cancelToken };
}

async function periods({ testApp }: Owners) {
  return testApp.db.kysely
    .selectFrom('out_of_service')
    .select(['motorbike_id', 'reason', 'until_date', 'until_time'])
    .select((eb) => eb('ended_at', 'is not', null).as('ended'))
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, ended: Boolean(row.ended) })));
}

async function cancelledRefs({ testApp }: Owners): Promise<string[]> {
  const rows = await testApp.db.kysely.selectFrom('borrow_request').select('ref').where('cancelled_at', 'is not', null).execute();
  return rows.map((row) => row.ref ?? '');
}

const BIKE_OWNER_HELP = [
  'Perintah:',
  '/jadwal - peminjaman hari ini',
  '/besok - peminjaman besok',
  '/sekarang - siapa yang memakai motor sekarang, atau kapan dipakai lagi',
  '/ambil - catat motor sudah diambil',
  '/kembali - catat motor sudah kembali',
  '/bengkel {alasan} - motor tidak bisa dipakai mulai sekarang',
  '/siap - motor sudah bisa dipakai lagi',
  '/bantuan - daftar perintah ini',
].join('\n');

describe(`/bengkel and /siap in each bike's owner chat on ${TEST_ENGINE}`, () => {
  it("in B's owner chat they act on B only; the question, the list and the count go there; a press from the main chat is refused", async () => {
    const owners = await ownersApp();
    const { telegram } = owners;
    await addBike(owners, 'Beat hitam');
    await linkOwner(owners, 2, BEAT_OWNER);
    const budi = await book(owners, { motorId: 1 });
    const rizky = await book(owners, { name: RIZKY.name, motorId: 2 });

    const asked = 'Dicatat: motor tidak tersedia (Ban bocor) mulai sekarang. Sampai kapan?\nMotor: Beat hitam';
    expect(await say(owners, BEAT_OWNER, '/bengkel Ban bocor')).toBe(asked);
    const question = lastIn(owners, BEAT_OWNER).messageId;
    expect(labels(owners, question)).toEqual([
      ['1 jam', '3 jam'],
      ['Sampai malam ini', 'Belum tahu'],
    ]);
    expect(await periods(owners)).toEqual([{ motorbike_id: 2, reason: 'Ban bocor', until_date: null, until_time: null, ended: false }]);
    const onA = await postBooking(owners.testApp.baseUrl, {
      ...bookingBody({ name: SITI.name, date: TODAY, start: '11:00', end: '12:00', reason: 'Kuliah', needStnk: 'tidak' }),
      motorId: 1,
    });
    expect(onA.status, JSON.stringify(onA.body)).toBe(201);
    const onB = await postBooking(owners.testApp.baseUrl, {
      ...bookingBody({ name: SITI.name, date: TODAY, start: '13:00', end: '14:00', reason: 'Kuliah', needStnk: 'tidak' }),
      motorId: 2,
    });
    expect(onB.body.errors.start).toBe('Motor tidak tersedia (Ban bocor).');
    expect(await say(owners, BEAT_OWNER, '/bengkel Servis')).toBe(
      'Motor sudah tercatat tidak tersedia (Ban bocor). /siap kalau sudah bisa dipakai lagi.\nMotor: Beat hitam',
    );
    expect(await say(owners, MAIN, '/siap')).toBe('Motor tidak sedang tercatat tidak tersedia.');

    expect(await press(owners, MAIN, dataOf(owners, question, '3 jam'), question)).toBeUndefined();
    expect((await periods(owners))[0]?.until_date).toBeNull();
    expect(await press(owners, BEAT_OWNER, dataOf(owners, question, '3 jam'), question)).toBe(
      'Motor tidak tersedia (Ban bocor) sampai Minggu, 22 November 2026 jam 11:00.',
    );
    expect(telegram.chat.get(question)?.text).toBe(
      [
        'Motor tidak tersedia (Ban bocor) sampai Minggu, 22 November 2026 jam 11:00.',
        'Peminjaman yang kena:',
        'Minggu, 22 November 2026 09:00 - 10:00 Rizky Maulana (PPTI 22)',
        'Pilih untuk tiap peminjaman: Batalkan atau Biarkan.',
        'Motor: Beat hitam',
      ].join('\n'),
    );
    expect(await press(owners, MAIN, dataOf(owners, question, 'Batalkan semua'), question)).toBeUndefined();
    expect(await cancelledRefs(owners)).toEqual([]);
    expect(await press(owners, BEAT_OWNER, dataOf(owners, question, 'Batalkan semua'), question)).toBe(
      '1 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).',
    );
    expect(chatTexts(telegram, BEAT_OWNER)).toContain(
      '1 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).\nMotor: Beat hitam',
    );
    expect(labels(owners, question)).toEqual([]);
    expect(await cancelledRefs(owners)).toEqual([rizky.ref]);
    expect(await cancelledRefs(owners)).not.toContain(budi.ref);
    expect(chatTexts(telegram, MAIN).join('\n')).not.toMatch(/Ban bocor|Rizky/);

    expect(await say(owners, BEAT_OWNER, '/siap')).toBe('Dicatat: motor sudah siap dipakai lagi.\nMotor: Beat hitam');
    expect(await periods(owners)).toEqual([{ motorbike_id: 2, reason: 'Ban bocor', until_date: TODAY, until_time: '08:00', ended: true }]);
    expect(await say(owners, BEAT_OWNER, '/siap')).toBe('Motor tidak sedang tercatat tidak tersedia.');

    // `/kas` is the class's: the main owner's alone; a bike owner's help lists what works in their chat.
    expect(await say(owners, BEAT_OWNER, '/bantuan')).toBe(BIKE_OWNER_HELP);
    expect(await say(owners, BEAT_OWNER, '/kas')).toBe(BIKE_OWNER_HELP);
    expect(await say(owners, MAIN, '/bantuan')).toContain('/kas - saldo kas dan sisa tagihan terbesar');
    expect(await say(owners, MAIN, '/kas')).toMatch(/^Saldo kas/);
  });

  it('the main owner of two bikes is asked Motor yang mana?; the first press goes on with the reason; other chats, bikes, commands and messages are refused', async () => {
    const owners = await ownersApp();
    await addBike(owners, 'Beat hitam');
    await addBike(owners, 'Vario');
    await linkOwner(owners, 2, BEAT_OWNER);

    expect(await say(owners, MAIN, '/bengkel')).toBe('Tulis alasannya: /bengkel Ban bocor');
    const earlier = lastIn(owners, MAIN).messageId;
    expect(await say(owners, MAIN, '/bengkel Ban \u202Ebocor')).toBe('Alasan berisi karakter yang tidak diizinkan');
    expect(await say(owners, MAIN, '/bengkel Rem blong')).toBe('Motor yang mana?');
    const question = lastIn(owners, MAIN).messageId;
    expect(labels(owners, question)).toEqual([['Motor PPTI 21'], ['Vario']]);
    const vario = dataOf(owners, question, 'Vario');
    const refused: [string, string, number][] = [
      [BEAT_OWNER, vario, question],
      [BEAT_OWNER, 'm:b:2', question],
      [MAIN, 'm:b:2', question],
      [MAIN, 'm:s:3', question],
      [MAIN, 'm:r:3', question],
      [MAIN, vario, earlier],
    ];
    for (const [chat, data, messageId] of refused) expect(await press(owners, chat, data, messageId), `${data} in ${chat}`).toBeUndefined();
    expect(await periods(owners)).toEqual([]);

    const asked = 'Dicatat: motor tidak tersedia (Rem blong) mulai sekarang. Sampai kapan?\nMotor: Vario';
    const before = chatTexts(owners.telegram, MAIN).length;
    expect(await press(owners, MAIN, vario, question)).toBe(asked);
    expect(chatTexts(owners.telegram, MAIN).slice(before)).toEqual([asked]);
    expect(labels(owners, lastIn(owners, MAIN).messageId).flat()).toEqual(['1 jam', '3 jam', 'Sampai malam ini', 'Belum tahu']);
    expect(labels(owners, question)).toEqual([]);
    expect(await press(owners, MAIN, 'm:b:1', question)).toBe('Sudah dipilih.');
    expect(await periods(owners)).toEqual([{ motorbike_id: 3, reason: 'Rem blong', until_date: null, until_time: null, ended: false }]);

    // `/siap` asks only among the main owner's bikes out now: one, then two, then one again.
    owners.clock.advance(10 * 60_000);
    expect(await say(owners, BEAT_OWNER, '/bengkel Kopling')).toMatch(/^Dicatat: motor tidak tersedia \(Kopling\)/);
    expect(await say(owners, MAIN, '/bengkel Oli bocor')).toBe('Motor yang mana?');
    const second = lastIn(owners, MAIN).messageId;
    expect(await press(owners, MAIN, dataOf(owners, second, 'Motor PPTI 21'), second)).toBe(
      'Dicatat: motor tidak tersedia (Oli bocor) mulai sekarang. Sampai kapan?\nMotor: Motor PPTI 21',
    );
    expect(await say(owners, MAIN, '/siap')).toBe('Motor yang mana?');
    const which = lastIn(owners, MAIN).messageId;
    expect(labels(owners, which)).toEqual([['Motor PPTI 21'], ['Vario']]);
    expect(await press(owners, MAIN, 'm:b:3', which)).toBeUndefined();
    expect(await press(owners, MAIN, dataOf(owners, which, 'Vario'), which)).toBe('Dicatat: motor sudah siap dipakai lagi.\nMotor: Vario');
    expect(lastIn(owners, MAIN).text).toBe('Dicatat: motor sudah siap dipakai lagi.\nMotor: Vario');
    expect(await say(owners, MAIN, '/siap')).toBe('Dicatat: motor sudah siap dipakai lagi.\nMotor: Motor PPTI 21');
    expect(await say(owners, MAIN, '/siap')).toBe('Motor tidak sedang tercatat tidak tersedia.');
    expect((await periods(owners)).map((period) => [period.motorbike_id, period.reason, period.ended])).toEqual([
      [3, 'Rem blong', true],
      [2, 'Kopling', false],
      [1, 'Oli bocor', true],
    ]);
  });
});

describe(`a bike moved to another owner's chat on ${TEST_ENGINE}`, () => {
  it("a linked owner of two bikes is asked which; once the bike moves on, the old chat's buttons no longer act on its period", async () => {
    const owners = await ownersApp();
    await addBike(owners, 'Beat hitam');
    await addBike(owners, 'Vario');
    await linkOwner(owners, 2, BEAT_OWNER);
    await linkOwner(owners, 3, BEAT_OWNER);
    expect(await say(owners, BEAT_OWNER, '/bengkel Ban bocor')).toBe('Motor yang mana?');
    const which = lastIn(owners, BEAT_OWNER).messageId;
    expect(labels(owners, which)).toEqual([['Beat hitam'], ['Vario']]);
    expect(await press(owners, BEAT_OWNER, dataOf(owners, which, 'Beat hitam'), which)).toBe(
      'Dicatat: motor tidak tersedia (Ban bocor) mulai sekarang. Sampai kapan?\nMotor: Beat hitam',
    );
    const question = lastIn(owners, BEAT_OWNER).messageId;

    await linkOwner(owners, 2, NEW_OWNER);
    expect(await press(owners, BEAT_OWNER, dataOf(owners, question, '1 jam'), question)).toBeUndefined();
    expect(await periods(owners)).toEqual([{ motorbike_id: 2, reason: 'Ban bocor', until_date: null, until_time: null, ended: false }]);
    expect(await say(owners, BEAT_OWNER, '/siap')).toBe('Motor tidak sedang tercatat tidak tersedia.');
    expect(await say(owners, NEW_OWNER, '/siap')).toBe('Dicatat: motor sudah siap dipakai lagi.\nMotor: Beat hitam');
  });
});

describe(`a borrower's note and the next morning's question in the bike's owner chat on ${TEST_ENGINE}`, () => {
  it("a note about a loan on B goes to B's chat and its button starts B's period there only; the digest and Masih are B's", async () => {
    const owners = await ownersApp({ digestTime: '06:00' });
    const { telegram, clock, testApp } = owners;
    await addBike(owners, 'Beat hitam');
    await linkOwner(owners, 2, BEAT_OWNER);
    const loan = await book(owners, { name: RIZKY.name, motorId: 2 });
    const planned = { fromDate: TOMORROW, fromTime: '10:00', untilDate: TOMORROW, untilTime: '12:00', reason: 'Ganti oli', motorId: 2 };
    expect((await owners.api.post('/api/admin/out-of-service', { period: planned, decision: 'keep' })).status).toBe(201);

    clock.advance(50 * 60_000);
    const pickup = await requestJson(testApp.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: loan.token, event: 'pickup', fuel: 'Hampir habis' },
    });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    const noted = 'Catatan dari Rizky Maulana: Bensin Hampir habis\nMotor: Beat hitam';
    await waitUntil('the note', () => chatTexts(telegram, BEAT_OWNER).includes(noted));
    expect(chatTexts(telegram, MAIN).join('\n')).not.toContain('Catatan');
    const note = lastIn(owners, BEAT_OWNER).messageId;
    const mark = dataOf(owners, note, 'Tandai tidak tersedia');
    expect(await press(owners, MAIN, mark, note)).toBeUndefined();
    expect(await periods(owners)).toHaveLength(1);

    const asked = 'Dicatat: motor tidak tersedia (Bensin hampir habis) mulai sekarang. Sampai kapan?\nMotor: Beat hitam';
    expect(await press(owners, BEAT_OWNER, mark, note)).toBe(asked);
    const question = lastIn(owners, BEAT_OWNER);
    expect(question.text).toBe(asked);
    expect(await press(owners, BEAT_OWNER, dataOf(owners, question.messageId, 'Belum tahu'), question.messageId)).toBe(
      'Motor tidak tersedia (Bensin hampir habis) sampai Senin, 23 November 2026 jam 00:00.',
    );
    expect((await periods(owners)).map((period) => [period.motorbike_id, period.reason])).toEqual([
      [2, 'Ganti oli'],
      [2, 'Bensin hampir habis'],
    ]);

    clock.advance(jakartaInstant(TOMORROW, '06:00').getTime() - clock.now().getTime());
    const still = 'Motor masih tidak tersedia (Bensin hampir habis)?\nMotor: Beat hitam';
    await waitUntil('the question and both digests sent', async () => {
      const keys = [`digest:${TOMORROW}`, `digest:${TOMORROW}:${BEAT_OWNER}`, 'out-of-service-still:'];
      const rows = await testApp.db.kysely
        .selectFrom('outbox')
        .select(['dedupe_key', 'sent_at'])
        .where('sent_at', 'is not', null)
        .execute();
      return keys.every((key) => rows.some((row) => row.dedupe_key?.startsWith(key)));
    });
    expect(chatTexts(telegram, BEAT_OWNER)).toContain(still);
    const beatDigest = chatTexts(telegram, BEAT_OWNER).find((text) => text.includes('Ganti oli'));
    expect(beatDigest).toMatch(/^Motor tidak tersedia \(Ganti oli\) sampai Senin, 23 November 2026 jam 12:00\.\nMotor: Beat hitam\n\n/);
    expect(chatTexts(telegram, MAIN).join('\n')).not.toMatch(/Ganti oli|Bensin/);
    const stillId = telegram.delivered.find((message) => message.text === still)?.messageId ?? 0;
    const again = dataOf(owners, stillId, 'Masih');
    expect(await press(owners, MAIN, again, stillId)).toBeUndefined();
    expect(await press(owners, BEAT_OWNER, again, stillId)).toBe(
      'Dicatat: motor tidak tersedia (Bensin hampir habis) mulai sekarang. Sampai kapan?\nMotor: Beat hitam',
    );
    expect(lastIn(owners, BEAT_OWNER).text).toBe(
      'Dicatat: motor tidak tersedia (Bensin hampir habis) mulai sekarang. Sampai kapan?\nMotor: Beat hitam',
    );
  });
});
