import { describe, expect, it } from 'vitest';
import { handoverDialogValues, likelyHandoverEvent, recordedWallClock } from '../../src/domain/handover/admin-handover';
import type { AdminHandover } from '../../src/domain/schemas/handover';

const ZONE = 'Asia/Jakarta';
const NOW = { date: '2026-12-01', time: '10:30' };

const handover = (overrides: Partial<AdminHandover>): AdminHandover => ({
  stage: 'booked',
  state: 'Dijadwalkan',
  late: false,
  bookedEnd: '10:00',
  bookedEndDate: '2026-12-01',
  pickup: null,
  fuelOut: null,
  return: null,
  fuelBack: null,
  km: null,
  stnkBack: null,
  note: null,
  release: null,
  ...overrides,
});

describe('recorded instants on the app’s wall clock', () => {
  it('shows the time alone on the booking’s day and the date with it on another day', () => {
    expect(recordedWallClock('2026-12-01T02:05:00.000Z', ZONE, '2026-12-01')).toBe('09:05');
    expect(recordedWallClock('2026-12-01T17:10:00.000Z', ZONE, '2026-12-01')).toBe('2 Des 2026 00:10');
  });
});

describe('the admin’s handover dialog', () => {
  it('starts on the pickup of a booking still booked and on the return once picked up or returned', () => {
    expect(likelyHandoverEvent(handover({}))).toBe('pickup');
    expect(likelyHandoverEvent(handover({ stage: 'pickedUp' }))).toBe('return');
    expect(likelyHandoverEvent(handover({ stage: 'returned' }))).toBe('return');
    expect(likelyHandoverEvent(handover({ stage: 'released' }))).toBe('release');
  });

  it('starts from now with empty details when nothing is recorded', () => {
    expect(handoverDialogValues(handover({}), 'return', NOW, ZONE)).toEqual({
      date: '2026-12-01',
      time: '10:30',
      fuel: '',
      km: '',
      note: '',
      stnkBack: false,
    });
  });

  it('starts from the record it corrects: its wall-clock time and its details', () => {
    const returned = handover({
      stage: 'returned',
      pickup: { at: '2026-12-01T02:00:00.000Z', by: 'peminjam' },
      fuelOut: 'Penuh',
      return: { at: '2026-12-01T03:12:00.000Z', by: 'pemilik' },
      fuelBack: '1/4',
      km: 12_000,
      stnkBack: true,
      note: 'Baret',
    });
    expect(handoverDialogValues(returned, 'pickup', NOW, ZONE)).toMatchObject({ time: '09:00', fuel: 'Penuh', km: '', note: '' });
    expect(handoverDialogValues(returned, 'return', NOW, ZONE)).toEqual({
      date: '2026-12-01',
      time: '10:12',
      fuel: '1/4',
      km: '12000',
      note: 'Baret',
      stnkBack: true,
    });
  });
});
