import { useState } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import type { Member, MemberRequest } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from '../components/button-styles';
import { Dialog } from '../components/dialog';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { addMember, editMember, fetchMembers, setMemberActive } from '../features/admin/api';
import { DeactivateDialog } from '../features/admin/deactivate-dialog';
import { LoginCodeNotice } from '../features/admin/login-code-notice';
import { MemberForm } from '../features/admin/member-form';
import { RosterImport } from '../features/admin/roster-import';
import { Cell, ScrollTable, TableHeadWithActions } from '../features/admin/scroll-table';
import { adminStyles } from '../features/admin/styles';
import { useAdminList } from '../features/admin/use-admin-list';

type Notice = { text: string; failed: boolean; loginCode?: { name: string; code: string } };

function MembersScreen({ signOut }: AdminPageProps) {
  const { list, load } = useAdminList(fetchMembers, signOut);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Member | null>(null);
  const [deactivating, setDeactivating] = useState<Member | null>(null);
  const classes = list.state === 'loaded' ? list.classes : [];

  async function save(request: Promise<Awaited<ReturnType<typeof addMember>>>, done: (member: Member) => string) {
    const result = await request;
    if (!result.ok) {
      if (result.status === 401) signOut();
      else if (Object.keys(result.errors).length === 0) setNotice({ text: result.message, failed: true });
      return Object.keys(result.errors).length > 0 ? result.errors : undefined;
    }
    const { member, loginCode } = result.data;
    setNotice({ text: done(member), failed: false, ...(loginCode ? { loginCode: { name: member.name, code: loginCode } } : {}) });
    await load();
    return undefined;
  }

  const add = (input: MemberRequest) => save(addMember(input), (member) => adminMessages.memberAdded(member.name));

  async function edit(input: MemberRequest) {
    if (!editing) return undefined;
    const failed = await save(editMember(editing.ref, input), (member) => adminMessages.memberSaved(member.name));
    if (!failed) setEditing(null);
    return failed;
  }

  /** Answers the refusal to show, or null. */
  async function changeActive(member: Member, active: boolean): Promise<string | null> {
    const result = await setMemberActive(member.ref, active);
    if (result.ok) {
      setNotice({ text: adminMessages.memberSaved(member.name), failed: false });
      await load();
      return null;
    }
    if (result.status === 401) signOut();
    return result.message;
  }

  async function activate(member: Member) {
    const failure = await changeActive(member, true);
    if (failure) setNotice({ text: failure, failed: true });
  }

  async function deactivate(member: Member): Promise<string | null> {
    const failure = await changeActive(member, false);
    if (!failure) setDeactivating(null);
    return failure;
  }

  return (
    <>
      <section aria-labelledby="member-add-title" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow">
        <h2 id="member-add-title" className="text-xl font-bold">
          {adminMessages.memberAdd} {adminMessages.membersTitle.toLowerCase()}
        </h2>
        <MemberForm classes={classes} submit={add}>
          {(busy) => (
            <button type="submit" disabled={busy} className={buttonStyles.primary}>
              {adminMessages.memberAdd}
            </button>
          )}
        </MemberForm>
      </section>
      <div role="status" className="flex flex-col gap-3">
        {notice && <p className={notice.failed ? 'font-medium text-red-700' : 'font-medium text-green-800'}>{notice.text}</p>}
        {notice?.loginCode && <LoginCodeNotice name={notice.loginCode.name} code={notice.loginCode.code} />}
      </div>
      {list.state === 'loading' && <p role="status">{messages.loading}</p>}
      {list.state === 'failed' && <p role="alert">{adminMessages.loadFailed}</p>}
      {list.state === 'loaded' && (
        <ScrollTable label={adminMessages.membersTableLabel}>
          <TableHeadWithActions
            labels={[
              adminMessages.memberName,
              adminMessages.memberClass,
              adminMessages.memberRole,
              adminMessages.memberStatus,
              adminMessages.memberBookings,
            ]}
          />
          <tbody>
            {list.members.map((member) => (
              <tr key={member.ref} className={`border-t border-slate-200 ${member.active ? '' : 'text-slate-600'}`}>
                <Cell label={adminMessages.memberName}>{member.name}</Cell>
                <Cell label={adminMessages.memberClass} className="whitespace-nowrap">
                  {member.class}
                </Cell>
                <Cell label={adminMessages.memberRole}>
                  {member.admin ? adminMessages.memberRoleAdmin : adminMessages.memberRoleStudent}
                  {member.committee && `, ${adminMessages.fund.committee}`}
                </Cell>
                <Cell label={adminMessages.memberStatus}>{member.active ? adminMessages.memberActive : adminMessages.memberInactive}</Cell>
                <Cell label={adminMessages.memberBookings} className="tabular-nums">
                  {member.bookings}
                </Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => setEditing(member)}
                      aria-label={`${adminMessages.memberEdit} ${member.name}`}
                      className={adminStyles.smallButton}
                    >
                      {adminMessages.memberEdit}
                    </button>
                    <button
                      type="button"
                      onClick={() => (member.active ? setDeactivating(member) : void activate(member))}
                      aria-label={`${member.active ? adminMessages.memberDeactivate : adminMessages.memberActivate} ${member.name}`}
                      className={member.active ? adminStyles.dangerButton : adminStyles.smallButton}
                    >
                      {member.active ? adminMessages.memberDeactivate : adminMessages.memberActivate}
                    </button>
                  </div>
                </Cell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <RosterImport onImported={() => void load()} onUnauthorized={signOut} />
      <Dialog open={editing !== null} title={`${adminMessages.memberEdit} ${editing?.name ?? ''}`} onClose={() => setEditing(null)}>
        {editing && (
          <div className="mt-3">
            <MemberForm
              key={editing.ref}
              classes={classes}
              initial={{ name: editing.name, class: editing.class, admin: editing.admin, committee: editing.committee }}
              submit={edit}
            >
              {(busy) => (
                <div className="flex w-full justify-end gap-3">
                  <button type="button" onClick={() => setEditing(null)} className={buttonStyles.secondary}>
                    {messages.cancel}
                  </button>
                  <button type="submit" disabled={busy} className={buttonStyles.primary}>
                    {adminMessages.memberSave}
                  </button>
                </div>
              )}
            </MemberForm>
          </div>
        )}
      </Dialog>
      <DeactivateDialog member={deactivating} onConfirm={deactivate} onClose={() => setDeactivating(null)} signOut={signOut} />
    </>
  );
}

export function AdminMembersPage() {
  return <AdminShell title={adminMessages.membersTitle}>{(props) => <MembersScreen {...props} />}</AdminShell>;
}
