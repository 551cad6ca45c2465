import { workshop } from './owner';
import type { Sim } from './simulator';
import { adminCancel, adminCorrect, expense, payment } from './staff';
import { bookClash, bookFreeGap, bookOverLimit, bookPast, bookTypo, bookVoucher, cancelOwn, linkChat, waitForSlot } from './student';

export interface ActionSpec {
  name: string;
  who: 'student' | 'owner' | 'treasurer' | 'admin';
  /** How many a simulated day holds on average, at random minutes from 07:00 to 21:00. */
  perDay: number;
  /** Its rate grows with the bikes (`--bikes`): a class with two bikes books as much on each as one did on its one. */
  perBike?: boolean;
  enabled: boolean;
  run?: (sim: Sim) => Promise<void>;
}

/**
 * The class's life, one row per thing people do: the mix and the rates of a class of 30 sharing one
 * bike, about 6 loans a day. Dues and corrections wait for the ledger (issue 39): switch `enabled`
 * and give them a `run` once it has landed.
 */
export const ACTIONS: ActionSpec[] = [
  { name: 'book', who: 'student', perDay: 7, perBike: true, enabled: true, run: bookFreeGap },
  { name: 'book-clash', who: 'student', perDay: 0.6, perBike: true, enabled: true, run: bookClash },
  { name: 'book-over-limit', who: 'student', perDay: 0.4, enabled: true, run: bookOverLimit },
  { name: 'book-voucher', who: 'student', perDay: 0.15, enabled: true, run: bookVoucher },
  { name: 'book-past', who: 'student', perDay: 0.3, enabled: true, run: bookPast },
  { name: 'book-typo', who: 'student', perDay: 0.3, enabled: true, run: bookTypo },
  { name: 'cancel', who: 'student', perDay: 0.8, enabled: true, run: cancelOwn },
  { name: 'link-chat', who: 'student', perDay: 0.6, enabled: true, run: linkChat },
  { name: 'wait', who: 'student', perDay: 0.5, perBike: true, enabled: true, run: waitForSlot },
  { name: 'workshop', who: 'owner', perDay: 0.08, perBike: true, enabled: true, run: workshop },
  { name: 'payment', who: 'treasurer', perDay: 1.2, enabled: true, run: payment },
  { name: 'expense', who: 'treasurer', perDay: 0.3, enabled: true, run: expense },
  { name: 'dues', who: 'treasurer', perDay: 0.5, enabled: false },
  { name: 'correction', who: 'treasurer', perDay: 0.1, enabled: false },
  { name: 'admin-cancel', who: 'admin', perDay: 0.15, enabled: true, run: adminCancel },
  { name: 'admin-correct', who: 'admin', perDay: 0.2, enabled: true, run: adminCorrect },
];

/** How each loan goes, in minutes from its start (pickup) or its planned end (return). */
export const BEHAVIOUR = {
  pickup: [
    { name: 'early', weight: 0.2, from: -25, to: -1 },
    { name: 'on time', weight: 0.65, from: 0, to: 10 },
    { name: 'never', weight: 0.15, from: 0, to: 0 },
  ],
  return: [
    { name: 'early', weight: 0.25, from: -50, to: -5 },
    { name: 'on time', weight: 0.5, from: -4, to: 10 },
    { name: 'late', weight: 0.25, from: 11, to: 150 },
  ],
  /** Of returns at or after the end: the owner presses `Sudah kembali` instead of the borrower's page. */
  ownerRecordsReturn: 0.5,
  /** Of no-show questions: `Lepaskan`; else `Sudah diambil`. */
  ownerReleasesNoShow: 0.85,
  takeOffer: 0.7,
};

/** With --faults: how many a simulated day holds on average, and their mix. */
export const FAULT_RATE_PER_DAY = 0.7;
