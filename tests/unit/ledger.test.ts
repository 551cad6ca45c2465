import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatIndonesianMonth,
  monthlyFlows,
  monthTotals,
  movementOf,
  outstandingOf,
  reversalOf,
  settledCharges,
} from '../../src/domain/fund/ledger';
import { howToPayLine, isFundReminderDue, outstandingText } from '../../src/domain/fund/reminder';
import { ConfigError, loadConfig } from '../../src/server/config';

describe("the treasurer's book, by rule", () => {
  it('moves cash and what a member owes by kind; a reversal undoes both', () => {
    expect(movementOf('payment', 20_000)).toEqual({ cash: 20_000, owed: -20_000 });
    expect(movementOf('dues', 20_000)).toEqual({ cash: 20_000, owed: 0 });
    expect(movementOf('income', 5_000)).toEqual({ cash: 5_000, owed: 0 });
    expect(movementOf('expense', 15_000)).toEqual({ cash: -15_000, owed: 0 });
    expect(reversalOf({ cash: 20_000, owed: -20_000 })).toEqual({ cash: -20_000, owed: 20_000 });
    expect(outstandingOf([{ owed: 30_000 }, { owed: -20_000 }, { owed: 0 }])).toBe(10_000);
  });

  it('sums a month into Saldo awal, Masuk, Keluar, Saldo akhir from its dates alone', () => {
    const entries = [
      { date: '2026-11-30', cash: 50_000 },
      { date: '2026-12-01', cash: 20_000 },
      { date: '2026-12-15', cash: -15_000 },
      { date: '2026-12-31', cash: -20_000 },
      { date: '2027-01-01', cash: 99_000 },
      { date: '2026-12-02', cash: 0 },
    ];
    expect(monthTotals(entries, '2026-12')).toEqual({ opening: 50_000, in: 20_000, out: 35_000, closing: 35_000 });
    expect(monthTotals(entries, '2027-02')).toEqual({ opening: 134_000, in: 0, out: 0, closing: 134_000 });
    const flows = monthlyFlows(entries, '2027-01');
    expect(flows).toHaveLength(12);
    expect(flows[0]?.month).toBe('2026-02');
    expect(flows.slice(-2)).toEqual([
      { month: '2026-12', in: 20_000, out: 35_000 },
      { month: '2027-01', in: 99_000, out: 0 },
    ]);
  });

  it('moves months across years and names them the Indonesian way', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', -12)).toBe('2025-05');
    expect(formatIndonesianMonth('2026-12')).toBe('Desember 2026');
    expect(formatIndonesianMonth('2026-08', true)).toBe('Agu 2026');
  });

  it('settles charges oldest first with payments of charges', () => {
    expect(settledCharges([20_000, 30_000], 25_000)).toEqual([true, false]);
    expect(settledCharges([20_000, 30_000], 50_000)).toEqual([true, true]);
  });

  it('reminds from 09:00 on FUND_REMINDER_DAY only, with how to pay when there is something to pay', () => {
    expect(isFundReminderDue({ date: '2026-12-01', time: '08:59' }, 1)).toBe(false);
    expect(isFundReminderDue({ date: '2026-12-01', time: '09:00' }, 1)).toBe(true);
    expect(isFundReminderDue({ date: '2026-12-01', time: '23:59' }, 1)).toBe(true);
    expect(isFundReminderDue({ date: '2026-12-02', time: '09:00' }, 1)).toBe(false);
    expect(isFundReminderDue({ date: '2026-12-15', time: '10:00' }, 15)).toBe(true);
    const line = howToPayLine({ treasurer: 'Siti', account: 'DANA 0812' });
    expect(line).toBe('Cara bayar: DANA 0812 a.n. Siti');
    expect(outstandingText(25_000, line)).toBe('Tagihan kamu: Rp25.000.\nCara bayar: DANA 0812 a.n. Siti');
    expect(outstandingText(0, line)).toBe('Tagihan kamu: Rp0.');
    expect(outstandingText(25_000, null)).toBe('Tagihan kamu: Rp25.000.');
  });

  it('reads FUND_REMINDER_DAY, 1 by default, 1 to 28', () => {
    const dataDir = () => mkdtempSync(join(tmpdir(), 'pinjam-config-'));
    expect(loadConfig({}, dataDir()).fundReminderDay).toBe(1);
    expect(loadConfig({ FUND_REMINDER_DAY: '28' }, dataDir()).fundReminderDay).toBe(28);
    for (const bad of ['0', '29', 'x']) expect(() => loadConfig({ FUND_REMINDER_DAY: bad }, dataDir())).toThrow(ConfigError);
  });
});
