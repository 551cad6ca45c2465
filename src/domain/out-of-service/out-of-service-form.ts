import { messages } from '../text/messages';
import { hasControlCharacter } from '../text/plain-text';
import type { OutOfServicePeriod } from './out-of-service';
import { outOfServiceMessages } from './out-of-service-messages';

export const MAX_OUT_OF_SERVICE_REASON = 200;
/** The field's name in its invalid-text message, as the admin form's schema says it. */
export const REASON_LABEL = 'Alasan';

export type PeriodFieldErrors = Partial<Record<'reason' | 'until', string>>;

/** The admin's form and the owner's command: a reason of 1 to 200 characters, an end after the start. */
export function checkPeriod(period: OutOfServicePeriod): PeriodFieldErrors {
  const errors: PeriodFieldErrors = {};
  const reason = period.reason.trim();
  if (reason === '') errors.reason = outOfServiceMessages.reasonRequired;
  else if (Array.from(reason).length > MAX_OUT_OF_SERVICE_REASON)
    errors.reason = outOfServiceMessages.reasonTooLong(MAX_OUT_OF_SERVICE_REASON);
  else if (hasControlCharacter(reason)) errors.reason = messages.controlCharacter(REASON_LABEL);
  if (
    period.untilDate !== null &&
    period.untilTime !== null &&
    `${period.untilDate} ${period.untilTime}` <= `${period.fromDate} ${period.fromTime}`
  ) {
    errors.until = outOfServiceMessages.untilNotAfterFrom;
  }
  return errors;
}
