import { describe, expect, it } from 'vitest';
import { spanText } from '../../src/domain/booking/span-text';

const sameDay = { date: '2026-11-27', start: '08:00', end: '10:30', endDate: '2026-11-27' };
const overnight = { date: '2026-11-27', start: '21:00', end: '03:00', endDate: '2026-11-28' };

describe('a span as each place writes it', () => {
  it.each([
    ['summary', '08:00-10:30', '21:00-Sabtu 03:00'],
    ['schedule', '08:00 - 10:30', '21:00 - 03:00 (besok)'],
    ['notice', '08:00 - 10:30', '21:00 - 03:00 (besoknya)'],
    ['console', '08:00\u201310:30', '21:00\u201303:00 (besoknya)'],
  ] as const)('%s: %s, and past midnight %s', (style, same, past) => {
    expect(spanText(sameDay, style)).toBe(same);
    expect(spanText(overnight, style)).toBe(past);
  });

  it('marks the start of a loan from the day before on the next day’s schedule', () => {
    expect(spanText(overnight, 'schedule', '2026-11-28')).toBe('21:00 (kemarin) - 03:00');
  });
});
