import { describe, expect, it } from 'vitest';
import { cancelRefusalMessage, findCancelRefusal } from '../../src/domain/booking/cancellation';
import type { HandoverStage } from '../../src/domain/handover/handover';
import {
  type ActorKind,
  decideTransition,
  findAdminTimeRefusal,
  findLifecycleRefusal,
  type LifecycleBooking,
  type LoanTransition,
  lifecycleRefusalMessage,
  loanStateOf,
} from '../../src/domain/handover/lifecycle';

// 10:00–12:00 on 26 November; the owner's and the borrower's `now` is also the instant recorded.
const booking = (overrides: Partial<LifecycleBooking> = {}): LifecycleBooking => ({
  date: '2026-11-26',
  start: '10:00',
  end: '12:00',
  endDate: '2026-11-26',
  cancelled: false,
  stage: 'booked',
  ...overrides,
});
const at = (time: string, date = '2026-11-26') => ({ date, time });
const ACTORS: ActorKind[] = ['borrower', 'owner', 'admin'];
const TRANSITIONS: LoanTransition[] = ['pickup', 'return', 'completeReturn', 'release', 'cancel'];

describe('the loan’s states', () => {
  it.each([
    [{ stage: 'booked' as HandoverStage, cancelled: false }, 'scheduled'],
    [{ stage: 'pickedUp' as HandoverStage, cancelled: false }, 'pickedUp'],
    [{ stage: 'returned' as HandoverStage, cancelled: false }, 'returned'],
    [{ stage: 'released' as HandoverStage, cancelled: false }, 'released'],
    [{ stage: 'booked' as HandoverStage, cancelled: true }, 'cancelled'],
  ])('%j is %s', (stored, state) => {
    expect(loanStateOf(stored)).toBe(state);
  });
});

describe('pickup', () => {
  it('opens 30 minutes before the start for the borrower and the owner; an admin records from 24 hours before', () => {
    for (const by of ['borrower', 'owner'] as const) {
      expect(findLifecycleRefusal('pickup', booking(), by, at('09:29'))).toBe('tooEarly');
      expect(findLifecycleRefusal('pickup', booking(), by, at('09:30'))).toBeUndefined();
    }
    expect(findLifecycleRefusal('pickup', booking(), 'admin', at('13:00'), at('10:00', '2026-11-25'))).toBeUndefined();
    expect(findLifecycleRefusal('pickup', booking(), 'admin', at('13:00'), at('09:59', '2026-11-25'))).toBe('outsideLoan');
  });

  it('closes at the booked end for the borrower and the owner, whatever the moved end says', () => {
    for (const by of ['borrower', 'owner'] as const) {
      expect(findLifecycleRefusal('pickup', booking(), by, at('11:59'))).toBeUndefined();
      expect(findLifecycleRefusal('pickup', booking(), by, at('12:00'))).toBe('pickupEnded');
      expect(findLifecycleRefusal('pickup', booking(), by, at('09:00', '2026-11-28'))).toBe('pickupEnded');
    }
    const moved = booking({ end: '11:00', bookedEnd: { end: '12:00', endDate: '2026-11-26' } });
    expect(findLifecycleRefusal('pickup', moved, 'borrower', at('11:30'))).toBeUndefined();
    expect(decideTransition('pickup', booking(), 'borrower', at('12:00'))).toEqual({
      allowed: false,
      refusal: 'pickupEnded',
      message: 'Waktu peminjaman ini sudah lewat.',
    });
  });

  it('the owner’s no-show `Sudah diambil` records the start but is judged at the press', () => {
    expect(findLifecycleRefusal('pickup', booking(), 'owner', at('10:30'), at('10:00'))).toBeUndefined();
    expect(findLifecycleRefusal('pickup', booking(), 'owner', at('12:05'), at('10:00'))).toBe('pickupEnded');
  });

  it('an admin records an earlier pickup after the end, within the loan', () => {
    expect(findLifecycleRefusal('pickup', booking(), 'admin', at('13:00'), at('10:05'))).toBeUndefined();
  });

  it('is refused once picked up, returned, released or cancelled', () => {
    expect(findLifecycleRefusal('pickup', booking({ stage: 'pickedUp' }), 'owner', at('10:30'))).toBe('alreadyPickedUp');
    expect(findLifecycleRefusal('pickup', booking({ stage: 'returned' }), 'owner', at('10:30'))).toBe('alreadyReturned');
    expect(findLifecycleRefusal('pickup', booking({ stage: 'released' }), 'owner', at('10:40'))).toBe('released');
    expect(findLifecycleRefusal('pickup', booking({ cancelled: true }), 'owner', at('10:00'))).toBe('cancelled');
  });
});

describe('return', () => {
  it('the borrower’s only after a pickup; the owner’s and an admin’s once the pickup could have happened', () => {
    expect(findLifecycleRefusal('return', booking(), 'borrower', at('11:00'))).toBe('notPickedUp');
    expect(findLifecycleRefusal('return', booking(), 'owner', at('11:00'))).toBeUndefined();
    expect(findLifecycleRefusal('return', booking(), 'owner', at('09:29'))).toBe('notPickedUp');
    expect(findLifecycleRefusal('return', booking(), 'admin', at('09:00'))).toBe('notPickedUp');
    expect(findLifecycleRefusal('return', booking({ stage: 'pickedUp' }), 'borrower', at('11:00'))).toBeUndefined();
  });

  it('stands past the end and while late: the bike is back whenever it is', () => {
    for (const by of ACTORS)
      expect(findLifecycleRefusal('return', booking({ stage: 'pickedUp' }), by, at('09:00', '2026-11-27'))).toBeUndefined();
  });

  it('is refused once returned', () => {
    expect(findLifecycleRefusal('return', booking({ stage: 'returned' }), 'owner', at('12:30'))).toBe('alreadyReturned');
  });
});

describe('completing a return (fuel, kilometres)', () => {
  it('only once the return is recorded, by anyone, at any later time', () => {
    for (const by of ACTORS) {
      expect(findLifecycleRefusal('completeReturn', booking({ stage: 'returned' }), by, at('12:20'))).toBeUndefined();
      expect(findLifecycleRefusal('completeReturn', booking({ stage: 'pickedUp' }), by, at('12:20'))).toBe('notReturned');
      expect(findLifecycleRefusal('completeReturn', booking(), by, at('12:20'))).toBe('notReturned');
    }
  });
});

describe('release', () => {
  it('only of a booking nobody picked up, from its start', () => {
    expect(findLifecycleRefusal('release', booking(), 'owner', at('09:59'))).toBe('notStarted');
    expect(findLifecycleRefusal('release', booking(), 'owner', at('10:30'))).toBeUndefined();
    expect(findLifecycleRefusal('release', booking({ stage: 'pickedUp' }), 'owner', at('10:30'))).toBe('alreadyPickedUp');
    expect(findLifecycleRefusal('release', booking({ stage: 'returned' }), 'owner', at('10:30'))).toBe('alreadyReturned');
    expect(findLifecycleRefusal('release', booking({ stage: 'released' }), 'owner', at('10:30'))).toBe('released');
  });
});

describe('cancel', () => {
  it('the borrower until the minute before the start; the owner and an admin later too', () => {
    expect(findLifecycleRefusal('cancel', booking(), 'borrower', at('09:59'))).toBeUndefined();
    expect(findLifecycleRefusal('cancel', booking(), 'borrower', at('10:00'))).toBe('alreadyStarted');
    expect(findLifecycleRefusal('cancel', booking(), 'owner', at('11:00'))).toBeUndefined();
    expect(findLifecycleRefusal('cancel', booking(), 'admin', at('09:00', '2026-11-27'))).toBeUndefined();
  });

  it('nobody once the bike was picked up or is back, even before the start', () => {
    for (const by of ACTORS) {
      expect(findLifecycleRefusal('cancel', booking({ stage: 'pickedUp' }), by, at('09:40'))).toBe('handedOver');
      expect(findLifecycleRefusal('cancel', booking({ stage: 'returned' }), by, at('13:00'))).toBe(
        by === 'borrower' ? 'alreadyStarted' : 'handedOver',
      );
      expect(findLifecycleRefusal('cancel', booking({ stage: 'released' }), by, at('13:00'))).toBe('released');
      expect(findLifecycleRefusal('cancel', booking({ cancelled: true }), by, at('09:00'))).toBe('alreadyCancelled');
    }
    expect(lifecycleRefusalMessage('handedOver')).toBe('Peminjaman yang sudah diambil tidak bisa dibatalkan.');
  });

  it('findCancelRefusal answers the lifecycle’s refusal by the same names and messages', () => {
    const stored = { ...booking(), cancelledAt: null };
    expect(findCancelRefusal({ ...stored, stage: 'returned' }, { kind: 'admin', userId: 'U1', name: 'A' }, at('13:00'))).toBe('handedOver');
    expect(findCancelRefusal({ ...stored, stage: 'pickedUp' }, { kind: 'owner' }, at('11:00'))).toBe('handedOver');
    expect(findCancelRefusal(stored, { kind: 'owner' }, at('11:00'))).toBeUndefined();
    expect(cancelRefusalMessage('handedOver')).toBe('Peminjaman yang sudah diambil tidak bisa dibatalkan.');
    expect(cancelRefusalMessage('released')).toBe('Jadwal ini sudah dilepas karena motor tidak diambil.');
  });
});

describe('an admin’s time', () => {
  it('lies between 24 hours before the start and now', () => {
    const now = at('13:00');
    expect(findAdminTimeRefusal(booking(), at('09:59', '2026-11-25'), now)).toBe('outsideLoan');
    expect(findAdminTimeRefusal(booking(), at('10:00', '2026-11-25'), now)).toBeUndefined();
    expect(findAdminTimeRefusal(booking(), at('13:00'), now)).toBeUndefined();
    expect(findAdminTimeRefusal(booking(), at('13:01'), now)).toBe('outsideLoan');
    expect(findAdminTimeRefusal(booking(), at('23:59', '2099-12-31'), now)).toBe('outsideLoan');
  });

  it('is checked before every transition an admin records, not for a cancel', () => {
    const now = at('13:00');
    const future = at('10:00', '2099-12-31');
    for (const transition of ['pickup', 'return', 'release'] as const) {
      expect(
        findLifecycleRefusal(transition, booking({ stage: transition === 'return' ? 'pickedUp' : 'booked' }), 'admin', now, future),
      ).toBe('outsideLoan');
    }
    expect(findLifecycleRefusal('cancel', booking(), 'admin', now)).toBeUndefined();
    expect(lifecycleRefusalMessage('outsideLoan')).toBe('Waktu di luar masa peminjaman.');
  });
});

describe('every transition of an ended loan', () => {
  it.each(TRANSITIONS)('%s of a cancelled loan is refused for everyone', (transition) => {
    for (const by of ACTORS) expect(findLifecycleRefusal(transition, booking({ cancelled: true }), by, at('11:00'))).toBeDefined();
  });

  it.each(TRANSITIONS)('%s of a released loan is refused for everyone', (transition) => {
    for (const by of ACTORS) expect(findLifecycleRefusal(transition, booking({ stage: 'released' }), by, at('11:00'))).toBe('released');
  });
});
