import { describe, expect, it } from 'vitest';
import { rulesPageItems } from '../../src/domain/booking/booking-rules-page';
import {
  COMMITTEE_FREE_HOURS,
  HOME_CLASS,
  MAX_HOURS_HOME_CLASS,
  MAX_HOURS_OTHER_CLASS,
  MAX_HOURS_PER_DAY,
  VOUCHER_HOURS,
} from '../../src/domain/booking/limits';
import { EXPECTED_RULES } from '../helpers/rules-text';

describe('the rules page text', () => {
  it('says what the server enforces, in Indonesian', () => {
    expect(rulesPageItems()).toEqual(EXPECTED_RULES);
  });

  it('is written from the limits the rules use', () => {
    const [home, other, perDay, , committee, , , voucher] = rulesPageItems();
    expect(home).toContain(`${HOME_CLASS}: gratis, maksimal ${MAX_HOURS_HOME_CLASS} jam`);
    expect(other).toContain(`maksimal ${MAX_HOURS_OTHER_CLASS} jam`);
    expect(perDay).toContain(`${MAX_HOURS_PER_DAY} jam per hari`);
    expect(committee).toContain(`${COMMITTEE_FREE_HOURS} jam per hari`);
    expect(voucher).toContain(`${VOUCHER_HOURS} jam setelah jam mulai`);
  });
});
