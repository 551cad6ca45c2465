import { PAST_START_GRACE_MINUTES } from '../../src/domain/booking/booking-rules';
import { chargeFor, chargeRules, isPurpose } from '../../src/domain/fund/charges';
import { localMomentIn } from '../../src/domain/time/clock';
import { overlaps } from '../../src/domain/time/moment';
import type { Evidence } from './evidence';
import type { BookingRow, Snapshot } from './snapshot';
import { activeAt, claimAt, describeBooking, limitsFor, onDate, plannedEndOf, startOf, VOUCHER_MINUTES, wallMinutes } from './spans';
import { wall } from './time';

/** What every invariant is given: the database's rows, and what the simulator saw (absent under --check). */
export interface CheckInput {
  snapshot: Snapshot;
  evidence: Evidence | undefined;
  graceMinutes: number;
  /** How long after its hold an offer may stay open: one round of the jobs, in app minutes. */
  roundMinutes: number;
  /** TELEGRAM_CHAT_ID, the chat of a bike with no linked owner; unknown under --check. */
  mainChatId?: string;
}

export interface Invariant {
  name: string;
  /** Lines naming the rows that break it; none when it holds. */
  check(input: CheckInput): string[];
  /** Needs what the simulator saw: skipped by --check on a database alone. */
  needsEvidence?: boolean;
  /** Says something only with two or more bikes: with one it is neither checked nor listed, as before bikes. */
  needsBikes?: boolean;
}

const userIndex = (snapshot: Snapshot) => new Map(snapshot.users.map((user) => [user.id, user]));
const live = (booking: BookingRow) => booking.cancelled_at === null;
const sameBike = (a: { motorbike_id: number }, b: { motorbike_id: number }) => a.motorbike_id === b.motorbike_id;

function pairs<T>(items: T[], visit: (a: T, b: T) => void): void {
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) visit(items[i] as T, items[j] as T);
}

function bikeWithOneBorrower({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const nowIso = snapshot.now.toISOString();
  const held = snapshot.bookings
    .filter((booking) => booking.picked_up_at !== null)
    .map((booking) => ({
      booking,
      span: {
        from: wallMinutes(snapshot.timeZone, booking.picked_up_at as string),
        to: wallMinutes(snapshot.timeZone, booking.returned_at ?? booking.released_at ?? booking.cancelled_at ?? nowIso),
      },
    }));
  const found: string[] = [];
  pairs(held, (a, b) => {
    if (sameBike(a.booking, b.booking) && overlaps(a.span, b.span))
      found.push(`${describeBooking(a.booking, users)} and ${describeBooking(b.booking, users)} held the bike at once`);
  });
  return found;
}

function noOverlappingBookings({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const active = snapshot.bookings.filter(live).map((booking) => ({ booking, span: claimAt(booking, undefined) }));
  const found: string[] = [];
  pairs(active, (a, b) => {
    if (sameBike(a.booking, b.booking) && overlaps(a.span, b.span))
      found.push(`${describeBooking(a.booking, users)} overlaps ${describeBooking(b.booking, users)}`);
  });
  return found;
}

function acknowledgedStored({ snapshot, evidence }: CheckInput): string[] {
  if (!evidence) return [];
  const found: string[] = [];
  const byReason = new Map<string, BookingRow[]>();
  for (const booking of snapshot.bookings) byReason.set(booking.reason, [...(byReason.get(booking.reason) ?? []), booking]);
  for (const ack of evidence.bookings) {
    const rows = byReason.get(ack.reason) ?? [];
    if (ack.outcome === 'stored' && rows.length !== 1)
      found.push(`booking acknowledged (201) as "${ack.reason}" is stored ${rows.length} times`);
    if (ack.outcome === 'refused' && rows.length !== 0) found.push(`booking refused (${ack.status}) as "${ack.reason}" is stored`);
  }
  for (const { reason, event } of evidence.handovers) {
    const row = byReason.get(reason)?.[0];
    if (row && (event === 'pickup' ? row.picked_up_at : row.returned_at) === null)
      found.push(`${event} of "${reason}" acknowledged but not recorded`);
  }
  const cancelled = new Set(snapshot.bookings.filter((booking) => !live(booking)).map((booking) => booking.reason));
  for (const reason of evidence.cancelled)
    if (!cancelled.has(reason)) found.push(`cancel of "${reason}" acknowledged but the booking is not cancelled`);
  const notes = new Map<string, number>();
  for (const row of snapshot.ledger.filter((entry) => entry.kind !== 'correction')) notes.set(row.note, (notes.get(row.note) ?? 0) + 1);
  for (const entry of evidence.fundEntries) {
    const count = notes.get(entry.note) ?? 0;
    if (entry.outcome === 'stored' && count !== 1) found.push(`fund entry acknowledged as "${entry.note}" is stored ${count} times`);
    if (entry.outcome === 'refused' && count !== 0) found.push(`fund entry refused as "${entry.note}" is stored`);
  }
  return found;
}

/** The rules that applied at the booking's creation: duration, class and daily limits, a start not past (vouchers skip all but the start). */
function rulesAtCreation({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const found: string[] = [];
  for (const booking of snapshot.bookings) {
    if (booking.created_at === null) continue;
    const user = users.get(booking.users_id);
    const said = (why: string) => found.push(`${describeBooking(booking, users)}: ${why}`);
    const created = wallMinutes(snapshot.timeZone, booking.created_at);
    const start = startOf(booking);
    const minutes = plannedEndOf(booking) - start;
    if (start < created - PAST_START_GRACE_MINUTES) said(`starts ${created - start} minutes before it was made`);
    if (booking.voucher_code !== null) {
      if (minutes !== VOUCHER_MINUTES) said(`a voucher booking of ${minutes} minutes`);
      continue;
    }
    const limits = limitsFor(user?.class ?? '', booking.purpose);
    if (minutes <= 0) said('ends before it starts');
    if (minutes > limits.perBooking) said(`${minutes} minutes, over the ${limits.perBooking} a booking may last`);
    // Made before it (ids rise with each insert) and not cancelled by then.
    const sameDay = snapshot.bookings.filter(
      (other) => other.id < booking.id && other.users_id === booking.users_id && activeAt(other, booking.created_at as string),
    );
    const day = sameDay.reduce((sum, other) => sum + onDate(claimAt(other, booking.created_at as string), booking.borrow_date), 0);
    if (day + minutes > limits.perDay) said(`${day + minutes} minutes that day, over the ${limits.perDay} allowed`);
  }
  return found;
}

function lifecycleLegal({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const found: string[] = [];
  const zone = snapshot.timeZone;
  for (const booking of snapshot.bookings) {
    const said = (why: string) => found.push(`${describeBooking(booking, users)}: ${why}`);
    const { picked_up_at: pickup, returned_at: back, cancelled_at: cancelled, released_at: released } = booking;
    if (pickup !== null && wallMinutes(zone, pickup) > plannedEndOf(booking)) said(`picked up at ${pickup}, after its end`);
    if (pickup !== null && back !== null && back < pickup) said(`returned at ${back}, before its pickup at ${pickup}`);
    if (pickup !== null && cancelled !== null) said(`cancelled at ${cancelled} after its pickup at ${pickup}`);
    if (pickup !== null && released !== null) said(`released at ${released} after its pickup at ${pickup}`);
  }
  return found;
}

/** Every charge is what chargeFor computes from the recorded times and purpose, unless an audited change set its amount. */
function chargeMatchesRules({ snapshot, graceMinutes }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const bookings = new Map(snapshot.bookings.map((booking) => [booking.id, booking]));
  const changed = snapshot.audit.filter((entry) => entry.action === 'charge-changed');
  const found: string[] = [];
  for (const charge of snapshot.charges) {
    const booking = bookings.get(charge.booking_id);
    if (!booking) {
      found.push(`charge #${charge.id} names booking #${charge.booking_id}, which does not exist`);
      continue;
    }
    const member = users.get(booking.users_id);
    const expected = computeCharge(booking, snapshot, graceMinutes, member?.class ?? '');
    const said = (why: string) => found.push(`charge #${charge.id} of ${describeBooking(booking, users)}: ${why}`);
    if (charge.computed_total !== expected) said(`computed Rp${charge.computed_total}, the rules give Rp${expected}`);
    if (charge.admin_amount === null && charge.amount !== charge.computed_total) {
      said(`amount Rp${charge.amount} differs from its computed Rp${charge.computed_total} without an audited change`);
    }
    if (charge.admin_amount !== null) {
      const audited = changed.some(
        (entry) => entry.target?.includes(member?.name ?? '\u0000') && entry.target.includes(booking.borrow_date),
      );
      if (!audited) said(`admin amount Rp${charge.admin_amount} without a charge-changed entry in the audit`);
      if (charge.amount !== charge.admin_amount) said(`amount Rp${charge.amount} is not the admin's Rp${charge.admin_amount}`);
    }
  }
  return found;
}

function computeCharge(booking: BookingRow, snapshot: Snapshot, graceMinutes: number, className: string): number {
  const zone = snapshot.timeZone;
  const moment = (iso: string | null) => (iso === null ? null : localMomentIn(zone, new Date(iso)));
  const bookedEnd = {
    date: booking.booked_end_date ?? booking.end_date ?? booking.borrow_date,
    time: booking.booked_end_time ?? booking.end_time,
  };
  const earlier = snapshot.bookings.filter(
    (other) =>
      booking.purpose === 'committee' &&
      other.users_id === booking.users_id &&
      other.purpose === 'committee' &&
      other.borrow_date === booking.borrow_date &&
      other.start_time < booking.start_time &&
      other.cancelled_at === null &&
      other.released_at === null,
  );
  const committeeMinutesEarlier = earlier.reduce((sum, other) => {
    const from = other.picked_up_at ? wallMinutes(zone, other.picked_up_at) : startOf(other);
    const to = other.returned_at ? wallMinutes(zone, other.returned_at) : plannedEndOf(other);
    return sum + Math.max(0, to - from);
  }, 0);
  return chargeFor(
    {
      start: { date: booking.borrow_date, time: booking.start_time },
      bookedEnd,
      pickedUp: moment(booking.picked_up_at),
      returned: moment(booking.returned_at),
      purpose: isPurpose(booking.purpose) ? booking.purpose : 'personal',
      voucher: booking.voucher_code !== null,
      cancelled: booking.cancelled_at !== null,
      released: booking.released_at !== null,
      committeeMinutesEarlier,
    },
    { class: className },
    chargeRules(graceMinutes),
  ).total;
}

/** The fund's balance is the sum of the ledger's cash, as the Kas tab's API and the CSV's last `Saldo` say it (issue 39). */
function fundBalance({ snapshot, evidence }: CheckInput): string[] {
  if (!evidence?.kas) return [];
  const fromEntries = snapshot.ledger.reduce((sum, entry) => sum + entry.cash, 0);
  const found: string[] = [];
  if (evidence.kas.apiBalance !== fromEntries)
    found.push(`GET /api/admin/kas says Rp${evidence.kas.apiBalance}, the entries sum to Rp${fromEntries}`);
  if (evidence.kas.csvBalance !== fromEntries)
    found.push(`kas.csv's last Saldo is Rp${evidence.kas.csvBalance}, the entries sum to Rp${fromEntries}`);
  if (evidence.kas.csvInMinusOut !== fromEntries)
    found.push(`kas.csv's Masuk minus Keluar is Rp${evidence.kas.csvInMinusOut}, the entries sum to Rp${fromEntries}`);
  return found;
}

/** Every outbox row marked sent is one message at the fake Bot API, and every message there is one row's. */
function outboxDeliveredOnce({ snapshot, evidence }: CheckInput): string[] {
  if (!evidence) return [];
  const found: string[] = [];
  // An edit's row names the message it edited: only sends stand for a delivered message.
  const sends = snapshot.outbox.filter((row) => !row.dedupe_key?.startsWith('edit:') && !row.kind.startsWith('edit'));
  const rows = new Map(
    sends.filter((row) => row.sent_message_id !== null).map((row) => [`${row.sent_chat_id}:${row.sent_message_id}`, row]),
  );
  const delivered = new Set(evidence.delivered.map((message) => `${message.chatId}:${message.messageId}`));
  for (const row of sends) {
    if (row.sent_at !== null && row.sent_message_id !== null && !delivered.has(`${row.sent_chat_id}:${row.sent_message_id}`)) {
      found.push(
        `outbox #${row.id} (${row.dedupe_key ?? row.kind}) is marked sent as message ${row.sent_message_id}, which the Bot API never received`,
      );
    }
  }
  const keyBySource = new Map<string, string>();
  for (const message of evidence.delivered) {
    const row = rows.get(`${message.chatId}:${message.messageId}`);
    if (row) keyBySource.set(`${message.chatId}:${message.source}`, row.dedupe_key ?? `${row.kind} #${row.id}`);
  }
  evidence.excusedDuplicates.clear();
  for (const message of evidence.delivered) {
    if (rows.has(`${message.chatId}:${message.messageId}`)) continue;
    const key = keyBySource.get(`${message.chatId}:${message.source}`) ?? `text "${message.source.slice(0, 60)}"`;
    if (evidence.faultNear(message.at)) evidence.excusedDuplicates.set(key, (evidence.excusedDuplicates.get(key) ?? 0) + 1);
    else
      found.push(`message ${message.messageId} to ${message.chatId} (${key}) was delivered but no outbox row stands for it: a second send`);
  }
  return found;
}

function holdsEndInTime({ snapshot, roundMinutes }: CheckInput): string[] {
  const now = snapshot.now.getTime();
  return snapshot.offers
    .filter((offer) => offer.ended_at === null && now > Date.parse(offer.hold_until) + roundMinutes * 60_000)
    .map(
      (offer) =>
        `offer #${offer.id} of ${offer.borrow_date} ${offer.start_time}-${offer.end_time} held until ${offer.hold_until} is still open at ${snapshot.now.toISOString()}`,
    );
}

function offersWereFree({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const found: string[] = [];
  for (const offer of snapshot.offers) {
    const span = { from: wall(offer.borrow_date, offer.start_time), to: wall(offer.borrow_date, offer.end_time) };
    for (const booking of snapshot.bookings) {
      if (booking.id === offer.booking_id || !sameBike(booking, offer) || !activeAt(booking, offer.offered_at)) continue;
      if (overlaps(span, claimAt(booking, offer.offered_at))) {
        found.push(
          `offer #${offer.id} of ${offer.borrow_date} ${offer.start_time}-${offer.end_time} made at ${offer.offered_at} while ${describeBooking(booking, users)} held it`,
        );
      }
    }
  }
  return found;
}

/** The owner's messages about one booking: its notice, the reminder, the questions at no-show, end and lateness, the kilometres. */
const OWNER_MESSAGE_KEY = /^(booking|reminder|noshow|ended|late|km|kmdone):([^:@]+)$/;

/** Every owner's message about a booking went to its bike's owner chat (a linked chat, else the main one). */
function ownerMessagesToBikeOwner({ snapshot, mainChatId }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const byRef = new Map(snapshot.bookings.map((booking) => [booking.ref, booking]));
  const owners = new Map(snapshot.bikes.map((bike) => [bike.id, bike.owner_chat_id]));
  const linked = new Set(snapshot.bikes.flatMap((bike) => (bike.owner_chat_id === null ? [] : [bike.owner_chat_id])));
  const found: string[] = [];
  for (const row of snapshot.outbox) {
    const ref = row.dedupe_key?.match(OWNER_MESSAGE_KEY)?.[2];
    const booking = ref === undefined ? undefined : byRef.get(ref);
    if (!booking || row.sent_at === null || row.sent_chat_id === null) continue;
    const expected = owners.get(booking.motorbike_id) ?? mainChatId;
    const wrong = expected === undefined ? linked.has(row.sent_chat_id) : row.sent_chat_id !== expected;
    if (wrong) {
      found.push(
        `outbox #${row.id} (${row.dedupe_key}) about ${describeBooking(booking, users)} on bike #${booking.motorbike_id} went to chat ${row.sent_chat_id}, not ${expected ?? 'the main chat'}`,
      );
    }
  }
  return found;
}

/** While an offer holds its span, no booking over it is made on its bike but the offer's own; other bikes stay free to book. */
function holdsKept({ snapshot }: CheckInput): string[] {
  const users = userIndex(snapshot);
  const found: string[] = [];
  for (const offer of snapshot.offers) {
    const span = { from: wall(offer.borrow_date, offer.start_time), to: wall(offer.borrow_date, offer.end_time) };
    const heldUntil = offer.ended_at !== null && offer.ended_at < offer.hold_until ? offer.ended_at : offer.hold_until;
    for (const booking of snapshot.bookings) {
      const created = booking.created_at;
      if (booking.id === offer.booking_id || !sameBike(booking, offer) || created === null) continue;
      if (created < offer.offered_at || created >= heldUntil || !overlaps(span, claimAt(booking, created))) continue;
      found.push(
        `${describeBooking(booking, users)} was made at ${created} on bike #${booking.motorbike_id} while offer #${offer.id} held ${offer.borrow_date} ${offer.start_time}-${offer.end_time} there until ${heldUntil}`,
      );
    }
  }
  return found;
}

function screensEqualDatabase({ snapshot, evidence }: CheckInput): string[] {
  if (!evidence?.screens) return [];
  const users = userIndex(snapshot);
  const found: string[] = [];
  // With several bikes each line names its bike, so a booking shown on the wrong lane differs too.
  const bike = (motorId: number | undefined) => (snapshot.bikes.length > 1 ? ` motor #${motorId ?? 1}` : '');
  for (const { date, bookings } of evidence.screens.days) {
    const shown = bookings
      .filter((entry) => !entry.continuesFromPreviousDay)
      .map((entry) => `${entry.start} ${entry.name} ${entry.stage}${bike(entry.motorId)}`);
    const stored = snapshot.bookings
      .filter((booking) => live(booking) && booking.borrow_date === date)
      .map((booking) => `${booking.start_time} ${users.get(booking.users_id)?.name} ${stageOf(booking)}${bike(booking.motorbike_id)}`);
    const diff = symmetricDifference(shown, stored);
    if (diff.length > 0) found.push(`/api/bookings?date=${date} differs from the database: ${diff.join('; ')}`);
  }
  const out = snapshot.bookings
    .filter((booking) => booking.picked_up_at !== null && booking.returned_at === null && live(booking) && booking.released_at === null)
    .map((booking) => `${users.get(booking.users_id)?.name} ${booking.borrow_date} ${booking.start_time}${bike(booking.motorbike_id)}`);
  const diff = symmetricDifference(
    evidence.screens.loansOut.map((loan) => `${loan.name} ${loan.date} ${loan.start}${bike(loan.motorId)}`),
    out,
  );
  if (diff.length > 0) found.push(`/api/today's loansOut differs from the database: ${diff.join('; ')}`);
  return found;
}

function stageOf(booking: BookingRow): string {
  if (booking.released_at !== null) return 'released';
  if (booking.returned_at !== null) return 'returned';
  return booking.picked_up_at !== null ? 'pickedUp' : 'booked';
}

/** Lines in one list and not the other, each marked with where it is. */
function symmetricDifference(shown: string[], stored: string[]): string[] {
  const left = [...shown];
  const missing: string[] = [];
  for (const line of stored) {
    const index = left.indexOf(line);
    if (index >= 0) left.splice(index, 1);
    else missing.push(`in the database only: ${line}`);
  }
  return [...left.map((line) => `shown only: ${line}`), ...missing];
}

/** Every invariant, by name, in the order they are reported. */
export const INVARIANTS: Invariant[] = [
  { name: 'bike-with-one-borrower', check: bikeWithOneBorrower },
  { name: 'no-overlapping-active-bookings', check: noOverlappingBookings },
  { name: 'acknowledged-is-stored', check: acknowledgedStored, needsEvidence: true },
  { name: 'rules-at-creation', check: rulesAtCreation },
  { name: 'lifecycle-legal', check: lifecycleLegal },
  { name: 'charge-matches-rules', check: chargeMatchesRules },
  { name: 'fund-balance', check: fundBalance, needsEvidence: true },
  { name: 'outbox-delivered-once', check: outboxDeliveredOnce, needsEvidence: true },
  { name: 'holds-end-in-time', check: holdsEndInTime },
  { name: 'offers-were-free', check: offersWereFree },
  { name: 'screens-equal-database', check: screensEqualDatabase, needsEvidence: true },
  { name: 'holds-kept-per-bike', check: holdsKept, needsBikes: true },
  { name: 'owner-messages-to-bike-owner', check: ownerMessagesToBikeOwner, needsBikes: true },
];

export interface Violation {
  invariant: string;
  rows: string[];
}

export function checkInvariants(input: CheckInput): { violations: Violation[]; checked: string[]; skipped: string[] } {
  const violations: Violation[] = [];
  const checked: string[] = [];
  const skipped: string[] = [];
  for (const invariant of INVARIANTS) {
    if (invariant.needsBikes && input.snapshot.bikes.length < 2) continue;
    if (invariant.needsEvidence && !input.evidence) {
      skipped.push(invariant.name);
      continue;
    }
    checked.push(invariant.name);
    const rows = invariant.check(input);
    if (rows.length > 0) violations.push({ invariant: invariant.name, rows });
  }
  return { violations, checked, skipped };
}
