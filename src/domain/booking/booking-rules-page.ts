import { RENT_TOLERANCE_MINUTES } from '../fund/charges';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../handover/handover';
import { messages } from '../text/messages';
import { formatRupiah } from '../text/money';
import {
  COMMITTEE_FREE_HOURS,
  FREE_SHORT_USE_HOURS,
  HOME_CLASS,
  MAX_HOURS_HOME_CLASS,
  MAX_HOURS_OTHER_CLASS,
  MAX_HOURS_PER_DAY,
  RATE_PER_HOUR_RUPIAH,
  VOUCHER_HOURS,
} from './limits';

// From the constants the server enforces, so students read what the rules check.
export function rulesPageItems(): string[] {
  const rate = formatRupiah(RATE_PER_HOUR_RUPIAH);
  return [
    messages.ruleHomeClass(HOME_CLASS, MAX_HOURS_HOME_CLASS),
    messages.ruleOtherClass(MAX_HOURS_OTHER_CLASS, rate),
    messages.rulePerDay(MAX_HOURS_PER_DAY),
    messages.ruleFine(rate),
    messages.ruleCommittee(COMMITTEE_FREE_HOURS),
    messages.ruleShortUse(FREE_SHORT_USE_HOURS),
    messages.ruleRentToClassFund,
    messages.ruleVoucher(VOUCHER_HOURS),
    messages.fund.ruleLate(DEFAULT_RETURN_GRACE_MINUTES),
    messages.fund.ruleRent(RENT_TOLERANCE_MINUTES),
  ];
}
