import { type FormEvent, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { classChoice } from '../../../domain/admin/member-class';
import { type MemberRequest, memberRequestSchema } from '../../../domain/schemas/admin';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { useSubmitKey } from '../../lib/submit-key';

export const NEW_CLASS = '__new__';

/**
 * The member's values, checked with the server's schema; a class the roster lacks is confirmed before sending. `submit` answers a refusal's
 * field errors (none: told elsewhere), or undefined when saved; each send until then carries the same submit key.
 */
export function useMemberForm(
  initial: MemberRequest,
  classes: string[],
  submit: (input: MemberRequest, submitKey: string) => Promise<Record<string, string> | undefined>,
) {
  const [values, setValues] = useState(initial);
  const [newClass, setNewClass] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<MemberRequest | null>(null);
  const creating = values.class === NEW_CLASS;
  const submitKey = useSubmitKey();

  async function send(input: MemberRequest) {
    setConfirming(null);
    setBusy(true);
    const failed = await submit(input, submitKey.current());
    setBusy(false);
    setErrors(failed ?? {});
    if (!failed) submitKey.saved();
    if (!failed && initial.name === '') {
      setValues(initial);
      setNewClass('');
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberRequestSchema.safeParse({ ...values, class: creating ? newClass : values.class });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const choice = classChoice(classes, parsed.data.class);
    if (choice.kind === 'other-spelling') setErrors({ class: adminMessages.memberClassSpelling(choice.existing) });
    else if (choice.kind === 'new') setConfirming(parsed.data);
    else await send(parsed.data);
  }

  return { values, setValues, newClass, setNewClass, errors, busy, confirming, setConfirming, creating, send, onSubmit };
}

export type MemberFormState = ReturnType<typeof useMemberForm>;
