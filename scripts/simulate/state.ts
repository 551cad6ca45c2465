import type { Member } from './roster';

export interface Student {
  member: Member;
  /** The device's secret, kept in its localStorage by the page. */
  device: string;
  /** The private chat, once linked with /start. */
  chatId: string | undefined;
  tokens: string[];
  /** How far this student has read their chat. */
  readUpTo: number;
}

export type Stage = 'booked' | 'pickedUp' | 'returned' | 'released' | 'cancelled';

/** How this loan will go: decided when it is booked, from the behaviour table. */
export interface LoanPlan {
  /** Minutes from the start; null: never picked up. */
  pickupOffset: number | null;
  /** Minutes from the planned end. */
  returnOffset: number;
  returnBy: 'borrower' | 'owner';
}

export interface Loan {
  reason: string;
  token: string;
  student: Student;
  date: string;
  start: string;
  end: string;
  endDate: string;
  /** The bike the app booked: the one chosen, or the one `Motor mana saja` found. */
  motorId: number;
  voucher: boolean;
  plan: LoanPlan;
  stage: Stage;
}

/** Something to do at a wall-clock minute: a planned action, a step of a loan, the end of a fault. */
export interface AgendaItem {
  at: number;
  order: number;
  label: string;
  run: () => Promise<void>;
}
