import { formatRupiah } from '../text/money';
import type { LocalMoment } from '../time/moment';

/** The monthly reminder's wall-clock time in APP_TIMEZONE, on FUND_REMINDER_DAY (issue 39). */
export const FUND_REMINDER_TIME = '09:00';
export const DEFAULT_FUND_REMINDER_DAY = 1;
/** Every month has it. */
export const MAX_FUND_REMINDER_DAY = 28;

/** From 09:00 on the day until the day ends: an instance started late that day still sends it. */
export function isFundReminderDue(moment: LocalMoment, day: number): boolean {
  return Number(moment.date.slice(8, 10)) === day && moment.time >= FUND_REMINDER_TIME;
}

/** `Tagihan kamu: Rp{x}.`, then how to pay when the treasurer has said it. */
export function outstandingText(amount: number, howToPay: string | null): string {
  const owed = `Tagihan kamu: ${formatRupiah(amount)}.`;
  return amount > 0 && howToPay ? `${owed}\n${howToPay}` : owed;
}

/** What a student reads under a charge: to whom and where to pay. */
export function howToPayLine(info: { treasurer: string; account: string }): string {
  return `Cara bayar: ${info.account} a.n. ${info.treasurer}`;
}
