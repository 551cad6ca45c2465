import type { DayBooking, LoanOut } from '../../src/domain/schemas/bookings';

/** What the simulator saw from outside, for the invariants the database alone cannot prove. */
export interface Evidence {
  /** Each booking request with a definite answer, by its unique reason. */
  bookings: { reason: string; outcome: 'stored' | 'refused'; status: number }[];
  /** Pickups and returns the borrower's page had acknowledged (200), by the booking's reason. */
  handovers: { reason: string; event: 'pickup' | 'return' }[];
  /** Reasons of bookings whose cancel was acknowledged. */
  cancelled: string[];
  /** Payments and expenses with a definite answer, by their unique note. */
  fundEntries: { note: string; outcome: 'stored' | 'refused' }[];
  /** Every message the fake Bot API accepted. */
  delivered: { chatId: unknown; messageId: number; source: string; at: number }[];
  /** Whether a fault (a kill, a cut, a hang) hit near this real instant: a send then may be repeated. */
  faultNear(at: number): boolean;
  /** Filled by the outbox invariant: second sends a fault excuses, by outbox key. */
  excusedDuplicates: Map<string, number>;
  kas?: { apiBalance: number; csvBalance: number; csvInMinusOut: number };
  screens?: { days: { date: string; bookings: DayBooking[] }[]; loansOut: LoanOut[] };
}
