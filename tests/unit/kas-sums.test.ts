import { describe, expect, it } from 'vitest';
import { flowsOf, monthlyFlows, monthTotals, settledLoans, totalsOf } from '../../src/domain/fund/ledger';

const entries = [
  { date: '2025-12-30', cash: 50_000 },
  { date: '2026-02-01', cash: 20_000 },
  { date: '2026-02-10', cash: -35_000 },
  { date: '2026-02-28', cash: -60_000 },
];

describe('the Kas from sums the database adds up', () => {
  it('gives the month the same totals and twelve flows as summing every entry, a negative balance too', () => {
    const sums = [
      { month: '2025-12', in: 50_000, out: 0 },
      { month: '2026-02', in: 20_000, out: 95_000 },
    ];
    expect(totalsOf(50_000, flowsOf(sums, '2026-02').at(-1))).toEqual(monthTotals(entries, '2026-02'));
    expect(totalsOf(-25_000, flowsOf(sums, '2026-05').at(-1))).toEqual({ opening: -25_000, in: 0, out: 0, closing: -25_000 });
    expect(flowsOf(sums, '2026-02')).toEqual(monthlyFlows(entries, '2026-02'));
    expect(flowsOf(sums, '2026-11')[0]).toEqual({ month: '2025-12', in: 50_000, out: 0 });
  });

  it("pays a member's loans oldest first from their payments; dues and other members' payments settle nothing", () => {
    const settled = settledLoans([
      { usersId: 'a', kind: 'charge', bookingId: 1, owed: 20_000 },
      { usersId: 'a', kind: 'charge', bookingId: 2, owed: 30_000 },
      { usersId: 'b', kind: 'payment', bookingId: null, owed: -50_000 },
      { usersId: 'a', kind: 'dues', bookingId: null, owed: 0 },
      { usersId: 'a', kind: 'payment', bookingId: null, owed: -25_000 },
      { usersId: 'a', kind: 'charge-change', bookingId: 2, owed: -10_000 },
      { usersId: 'a', kind: 'correction', bookingId: null, owed: 5_000 },
    ]);
    expect([...settled]).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(
      settledLoans([
        { usersId: 'a', kind: 'charge', bookingId: 3, owed: 20_000 },
        { usersId: 'a', kind: 'payment', bookingId: null, owed: -20_000 },
      ]).get(3),
    ).toBe(true);
  });
});
