import { describe, expect, it } from 'vitest';
import { canLinkDevice } from '../../src/domain/chat/device-limits';

describe('canLinkDevice', () => {
  const now = { date: '2026-11-22', time: '10:00' };
  const booking = { cancelled: false, handedBack: false, endDate: '2026-11-22', end: '10:30' };
  it('lets a booking not cancelled, not brought back and not over link a device', () => {
    expect(canLinkDevice(booking, now)).toBe(true);
    expect(canLinkDevice({ ...booking, endDate: '2026-11-23', end: '08:00' }, now)).toBe(true);
  });
  it('refuses a cancelled booking, one brought back or released, one whose end has come', () => {
    expect(canLinkDevice({ ...booking, cancelled: true }, now)).toBe(false);
    expect(canLinkDevice({ ...booking, handedBack: true }, now)).toBe(false);
    expect(canLinkDevice({ ...booking, end: '10:00' }, now)).toBe(false);
    expect(canLinkDevice({ ...booking, endDate: '2026-11-21', end: '23:00' }, now)).toBe(false);
  });
});
