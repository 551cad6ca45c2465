import { adminMessages } from '../../domain/admin/admin-messages';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from '../components/button-styles';
import { Dialog } from '../components/dialog';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { DeactivateDialog } from '../features/admin/deactivate-dialog';
import { LoginCodeNotice } from '../features/admin/login-code-notice';
import { MemberForm } from '../features/admin/member-form';
import { MembersTable } from '../features/admin/members-table';
import { RosterImport } from '../features/admin/roster-import';
import { useMembers } from '../features/admin/use-members';

function MembersScreen({ signOut }: AdminPageProps) {
  const { list, load, notice, editing, setEditing, deactivating, setDeactivating, classes, add, edit, activate, deactivate } =
    useMembers(signOut);

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
        <MembersTable members={list.members} onEdit={setEditing} onActivate={activate} onDeactivate={setDeactivating} />
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
