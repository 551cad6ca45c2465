import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { classChoice } from '../../domain/admin/member-class';
import { rosterProblemText } from '../../domain/admin/roster-problems';
import type { Member, MemberBooking, MemberRequest } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { nameKey } from '../../domain/text/name-key';
import { todayIn } from '../../domain/time/clock';
import { appendAuditEntry } from '../audit/service';
import {
  addUsersIn,
  countOtherActiveAdmins,
  findMemberById,
  findMemberByRef,
  findUsersByNameKeys,
  importRosterCsvIn,
  listClasses,
  listMembers,
  lockRoster,
  type MemberRow,
  RosterError,
  setMemberActive,
  type User,
  updateMember,
} from '../roster/service';
import { findComingBookingsOf } from './member-repository';
import { deleteSessionsOf } from './repository';
import type { SessionAdmin } from './service';

export type MemberOutcome =
  | { kind: 'ok'; member: Member; loginCode?: string }
  | { kind: 'refused'; status: 404 | 409 | 422; message: string; errors?: Record<string, string> };

const refused = (status: 404 | 409 | 422, message: string, errors?: Record<string, string>): MemberOutcome => ({
  kind: 'refused',
  status,
  message,
  ...(errors ? { errors } : {}),
});
const nameTaken = () => refused(409, adminMessages.memberNameTaken, { name: adminMessages.memberNameTaken });
const classSpelling = (existing: string) => {
  const message = adminMessages.memberClassSpelling(existing);
  return refused(422, message, { class: message });
};

function toMember(row: MemberRow): Member {
  return {
    ref: row.ref,
    name: row.name,
    class: row.class,
    admin: row.role === 'admin',
    active: row.active,
    committee: row.committee,
    bookings: row.bookings,
  };
}

const describeMember = (user: Pick<User, 'class' | 'role'>, committee: boolean) =>
  [user.class, user.role === 'admin' ? adminMessages.memberRoleAdmin : '', committee ? adminMessages.fund.committee : '']
    .filter((part) => part !== '')
    .join(', ');

export async function listMembersForAdmin(db: Executor): Promise<{ members: Member[]; classes: string[] }> {
  const [members, classes] = await Promise.all([listMembers(db), listClasses(db)]);
  return { members: members.map(toMember), classes };
}

/** Undefined when there is no such member. */
export async function comingBookingsOf(
  db: Executor,
  ref: string,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<MemberBooking[] | undefined> {
  const member = await findMemberByRef(db, ref);
  return member && findComingBookingsOf(db, member.id, todayIn(timeZone, now));
}

async function requireMember(db: Executor, ref: string): Promise<Member> {
  const member = await findMemberByRef(db, ref);
  if (!member) throw new Error(`member ${ref} vanished inside its own transaction`);
  return toMember(member);
}

/** A new admin's login code (their id) is in this answer and never again. Writes through `trx`, the caller's transaction. */
export async function addMember(trx: Executor, admin: SessionAdmin, input: MemberRequest, now: Date): Promise<MemberOutcome> {
  try {
    const [user] = await addUsersIn(trx, [{ name: input.name, class: input.class, role: input.admin ? 'admin' : '' }], ['form']);
    if (!user) throw new Error('no member was added');
    if (input.committee) await updateMember(trx, user.id, { ...user, committee: true });
    await appendAuditEntry(trx, {
      at: now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'member-added',
      target: user.name,
      detail: describeMember(user, input.committee),
    });
    const stored = await findMemberById(trx, user.id);
    if (!stored) throw new Error('the added member is not in the roster');
    return { kind: 'ok', member: toMember(stored), ...(user.role === 'admin' ? { loginCode: user.id } : {}) };
  } catch (error) {
    if (!(error instanceof RosterError)) throw error;
    if (error.problems.some((problem) => problem.kind === 'name-taken')) return nameTaken();
    const spelling = error.problems.find((problem) => problem.kind === 'class-spelling');
    if (spelling) return classSpelling(spelling.existing);
    const [first] = error.problems;
    return refused(422, first ? rosterProblemText(first) : adminMessages.memberNameRequired);
  }
}

/** A member who just became an admin gets their login code in this answer. */
export async function editMember(db: Db, admin: SessionAdmin, ref: string, input: MemberRequest, now: Date): Promise<MemberOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockRoster(trx);
    const member = await findMemberByRef(trx, ref);
    if (!member) return refused(404, adminMessages.memberNotFound);
    const name = input.name.trim();
    const className = input.class.trim();
    const role = input.admin ? 'admin' : null;
    const others = (await findUsersByNameKeys(trx, [nameKey(name)])).filter((user) => user.id !== member.id);
    if (others.length > 0) return nameTaken();
    // A member's class as stored may stay, even in a spelling from before this rule.
    const choice = className === member.class ? undefined : classChoice(await listClasses(trx, member.id), className);
    if (choice?.kind === 'other-spelling') return classSpelling(choice.existing);
    const demoted = member.role === 'admin' && role === null;
    if (demoted && member.id === admin.id) return refused(409, adminMessages.memberCannotDemoteSelf);
    if (demoted && member.active && (await countOtherActiveAdmins(trx, member.id)) === 0)
      return refused(409, adminMessages.memberLastAdmin);

    const changes = [
      member.name !== name ? `${adminMessages.memberName}: ${member.name} → ${name}` : '',
      member.class !== className ? `${adminMessages.memberClass}: ${member.class} → ${className}` : '',
      member.role !== role ? `${adminMessages.memberAdmin}: ${role === 'admin' ? messages.stnkYes : messages.stnkNo}` : '',
      member.committee !== input.committee
        ? `${adminMessages.fund.committee}: ${input.committee ? messages.stnkYes : messages.stnkNo}`
        : '',
    ].filter((change) => change !== '');
    if (changes.length === 0) return { kind: 'ok', member: toMember(member) };
    await updateMember(trx, member.id, { name, class: className, role, committee: input.committee });
    if (demoted) await deleteSessionsOf(trx, member.id);
    await appendAuditEntry(trx, {
      at: now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'member-edited',
      target: name,
      detail: changes.join('; '),
    });
    const promoted = member.role !== 'admin' && role === 'admin';
    return { kind: 'ok', member: await requireMember(trx, ref), ...(promoted ? { loginCode: member.id } : {}) };
  });
}

export async function setMemberActiveness(db: Db, admin: SessionAdmin, ref: string, active: boolean, now: Date): Promise<MemberOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockRoster(trx);
    const member = await findMemberByRef(trx, ref);
    if (!member) return refused(404, adminMessages.memberNotFound);
    if (member.active === active) return { kind: 'ok', member: toMember(member) };
    if (!active && member.id === admin.id) return refused(409, adminMessages.memberCannotDeactivateSelf);
    if (!active && member.role === 'admin' && (await countOtherActiveAdmins(trx, member.id)) === 0) {
      return refused(409, adminMessages.memberLastAdmin);
    }
    await setMemberActive(trx, member.id, active);
    if (!active) await deleteSessionsOf(trx, member.id);
    await appendAuditEntry(trx, {
      at: now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: active ? 'member-activated' : 'member-deactivated',
      target: member.name,
    });
    return { kind: 'ok', member: await requireMember(trx, ref) };
  });
}

export async function importRoster(db: Db, admin: SessionAdmin, csv: string, now: Date): Promise<User[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const added = await importRosterCsvIn(trx, csv);
    await appendAuditEntry(trx, {
      at: now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'roster-imported',
      detail: adminMessages.imported(added.length),
    });
    return added;
  });
}
