import { parse } from 'csv-parse/sync';
import type { DayBooking, LoanOut } from '../../src/domain/schemas/bookings';
import { addDays } from '../../src/domain/time/clock';
import type { Sim } from './simulator';
import { JOB_INTERVAL_MS } from './world';

const SETTLE_LIMIT_MS = 15_000;

/** Until every message due now is sent (or given up) and the jobs had a few rounds on this clock reading. */
export async function settle(sim: Sim): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  const now = sim.world.now().toISOString();
  while (Date.now() < deadline) {
    const due = await sim.world.db.kysely
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('given_up_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .execute();
    if (due.length === 0 && sim.world.telegram.hangingRequests() === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, JOB_INTERVAL_MS * 4));
}

/** What the screens and the Kas tab show now, for the invariants that compare them with the database. */
export async function gatherScreens(sim: Sim): Promise<void> {
  const from = addDays(sim.today, -3);
  const to = addDays(sim.today, 3);
  const [week, today, kas, csv] = await Promise.all([
    sim.request(`/api/bookings?from=${from}&to=${to}`),
    sim.request('/api/today'),
    sim.admin('/api/admin/kas'),
    sim.admin('/api/admin/kas.csv'),
  ]);
  if (week.status === 200 && today.status === 200) {
    sim.evidence.screens = {
      days: week.body.days as { date: string; bookings: DayBooking[] }[],
      loansOut: today.body.loansOut as LoanOut[],
    };
  }
  if (kas.status === 200 && csv.status === 200) {
    const rows = parse(csv.text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
    // A negative amount is written inert (`'-5000`, issue 40): the number is what follows the apostrophe.
    const amount = (cell: string | undefined) => Number((cell ?? '').replace(/^'/, '') || 0);
    const entries = rows.filter((row) => row.Jenis !== 'Saldo awal' && row.Jenis !== 'Jumlah');
    const sum = (column: string) => entries.reduce((total, row) => total + amount(row[column]), 0);
    const opening = amount(rows.find((row) => row.Jenis === 'Saldo awal')?.Saldo);
    sim.evidence.kas = {
      apiBalance: kas.body.balance as number,
      csvBalance: amount(rows.at(-1)?.Saldo),
      csvInMinusOut: opening + sum('Masuk') - sum('Keluar'),
    };
  }
}
