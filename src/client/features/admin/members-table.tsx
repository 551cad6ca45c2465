import { adminMessages } from '../../../domain/admin/admin-messages';
import type { Member } from '../../../domain/schemas/admin';
import { Cell, ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

interface MembersTableProps {
  members: Member[];
  onEdit: (member: Member) => void;
  onActivate: (member: Member) => Promise<void>;
  onDeactivate: (member: Member) => void;
}

/** Every member with their role, status and bookings, and the buttons to change, activate or deactivate them. */
export function MembersTable({ members, onEdit, onActivate, onDeactivate }: MembersTableProps) {
  return (
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
        {members.map((member) => (
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
                  onClick={() => onEdit(member)}
                  aria-label={`${adminMessages.memberEdit} ${member.name}`}
                  className={adminStyles.smallButton}
                >
                  {adminMessages.memberEdit}
                </button>
                <button
                  type="button"
                  onClick={() => (member.active ? onDeactivate(member) : void onActivate(member))}
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
  );
}
