import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, countRows, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const FORMULA = "kuliah;=cmd|' /C calc'!A0;";
const DATE = '2026-11-24';

/** The text as typed again: each `'` the export put before a formula character after a separator taken out. */
const typed = (cell: string) => cell.replace(/(^|[,;\t\r])'(?=[=+\-@\t\r])/g, '$1');
/** Every part of the file as a spreadsheet splitting on `delimiter` would make its cells (quotes only at a cell's start). */
const cellsSplitOn = (csv: string, delimiter: string) =>
  (parse(csv.replace(/^\uFEFF/, ''), { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
const runsAsFormula = (cell: string) => /^[\t\r]*[=+\-@]/.test(cell);

describe(`free text hostile to spreadsheets and to readers on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let api: ReturnType<typeof adminClient>;
  let cookie: string;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '08:00') });
    const [admin] = (await seedRoster(testApp.db, [ADMIN, BUDI, RIZKY])) as [User];
    cookie = await loginCookie(testApp.baseUrl, admin);
    api = adminClient(testApp.baseUrl, cookie);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses U+202E and the other invisible format characters in a reason with the reason’s message, writing nothing', async () => {
    for (const char of ['\u202E', '\u200B', '\u2066', '\uFEFF']) {
      const reply = await postBooking(testApp.baseUrl, bookingBody({ date: DATE, reason: `kuliah ${char}slaw` }));
      expect(reply.status, JSON.stringify(char)).toBe(400);
      expect(reply.body.errors).toEqual({ reason: 'Alasan peminjaman berisi karakter yang tidak diizinkan' });
    }
    const name = await postBooking(testApp.baseUrl, bookingBody({ date: DATE, name: 'Budi\u200DSantoso' }));
    expect(name.body.errors).toEqual({ name: 'Nama peminjam berisi karakter yang tidak diizinkan' });
    expect(await countRows(testApp.db, 'borrow_request')).toBe(0);
  });

  it('exports a booking reason with `;=` inert when split on `;`, `,` or a tab, and it parses back to the text typed', async () => {
    expect((await postBooking(testApp.baseUrl, bookingBody({ date: DATE, reason: FORMULA }))).status).toBe(201);
    const csv = await (await fetch(`${testApp.baseUrl}/api/admin/bookings.csv?from=${DATE}&to=${DATE}`, { headers: { cookie } })).text();
    for (const delimiter of [';', ',', '\t']) {
      const cells = cellsSplitOn(csv, delimiter);
      expect(cells.filter(runsAsFormula), delimiter).toEqual([]);
    }
    const [header, row] = parse(csv, { bom: true }) as string[][];
    expect(typed(row?.[header?.indexOf('Alasan') ?? -1] ?? '')).toBe(FORMULA);
  });

  it('exports a fund note with `;=` inert when split on `;`, and it parses back to the text typed', async () => {
    const members = (await api.get('/api/admin/kas')).body.members as { ref: string; name: string }[];
    const budi = members.find((member) => member.name === 'Budi Santoso')?.ref;
    const paid = await api.post('/api/admin/kas/payments', {
      member: budi,
      amount: 10_000,
      method: 'Transfer',
      date: '2026-11-22',
      note: FORMULA,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const invisible = await api.post('/api/admin/kas/payments', {
      member: budi,
      amount: 10_000,
      method: 'Transfer',
      date: '2026-11-22',
      note: 'a\u202Eb',
    });
    expect(invisible.status).toBe(400);
    expect(Object.keys(invisible.body.errors)).toEqual(['note']);
    const csv = await (await fetch(`${testApp.baseUrl}/api/admin/kas.csv?month=2026-11`, { headers: { cookie } })).text();
    expect(cellsSplitOn(csv, ';').filter(runsAsFormula)).toEqual([]);
    const cells = (parse(csv, { bom: true, relax_column_count: true }) as string[][]).flat();
    // The ledger's `Keterangan` joins the method and the note (`Transfer; …`): the note is its end, as typed.
    expect(cells.map(typed).filter((cell) => cell.endsWith(FORMULA))).toHaveLength(1);
  });
});
