import { useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import type { Member, MemberRequest } from '../../../domain/schemas/admin';
import { addMember, editMember, fetchMembers, setMemberActive } from './api';
import { useAdminList } from './use-admin-list';

export type MemberNotice = { text: string; failed: boolean; loginCode?: { name: string; code: string } };

/** The roster, and adding, changing, activating and deactivating its members. */
export function useMembers(signOut: () => void) {
  const { list, load } = useAdminList(fetchMembers, signOut);
  const [notice, setNotice] = useState<MemberNotice | null>(null);
  const [editing, setEditing] = useState<Member | null>(null);
  const [deactivating, setDeactivating] = useState<Member | null>(null);
  const classes = list.state === 'loaded' ? list.classes : [];

  async function save(request: Promise<Awaited<ReturnType<typeof addMember>>>, done: (member: Member) => string) {
    const result = await request;
    if (!result.ok) {
      if (result.status === 401) signOut();
      else if (Object.keys(result.errors).length === 0) setNotice({ text: result.message, failed: true });
      return result.errors;
    }
    const { member, loginCode } = result.data;
    setNotice({ text: done(member), failed: false, ...(loginCode ? { loginCode: { name: member.name, code: loginCode } } : {}) });
    await load();
    return undefined;
  }

  const add = (input: MemberRequest, submitKey: string) =>
    save(addMember(input, submitKey), (member) => adminMessages.memberAdded(member.name));

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

  return { list, load, notice, editing, setEditing, deactivating, setDeactivating, classes, add, edit, activate, deactivate };
}
