import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import { bikeResponseSchema, bikesResponseSchema } from '../../../domain/motor/bikes';
import {
  type KeyInfo,
  keyInfoResponseSchema,
  type MotorSettingsRequest,
  motorSettingsRequestSchema,
} from '../../../domain/motor/key-place';
import { keyPlaceMessages } from '../../../domain/motor/key-place-messages';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { type ApiResult, callApi } from '../../lib/http';
import { adminStyles } from './styles';

const labels = keyPlaceMessages;

type KeyInfoResponse = { keyInfo: KeyInfo };

async function fetchKeyPlace(motorId: number | undefined): Promise<ApiResult<KeyInfoResponse>> {
  if (motorId === undefined) return callApi('/api/admin/motor/key', keyInfoResponseSchema);
  const result = await callApi('/api/admin/motors', bikesResponseSchema);
  if (!result.ok) return result;
  const bike = result.data.bikes.find((candidate) => candidate.id === motorId);
  return bike ? { ...result, data: { keyInfo: bike.keyInfo } } : { ok: false, status: 404, message: bikeMessages.notFound, errors: {} };
}
async function saveKeyPlace(input: MotorSettingsRequest, motorId: number | undefined): Promise<ApiResult<KeyInfoResponse>> {
  if (motorId === undefined) return callApi('/api/admin/motor/key', keyInfoResponseSchema, { method: 'PUT', body: input });
  const result = await callApi(`/api/admin/motors/${motorId}/key`, bikeResponseSchema, { method: 'PUT', body: input });
  return result.ok ? { ...result, data: { keyInfo: result.data.bike.keyInfo } } : result;
}

type Field = keyof MotorSettingsRequest;

/** The Motor tab's `Tempat ambil kunci` and `Kontak pemilik` (0051): what the success dialog, the card and the reminder tell a borrower. */
export function KeyPlaceForm({ motorId, signOut }: { motorId?: number | undefined; signOut: () => void }) {
  const id = useId();
  const [values, setValues] = useState<MotorSettingsRequest>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'loading' | 'failed' | 'ready' | 'saving'>('loading');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    fetchKeyPlace(motorId).then((result) => {
      if (result.ok) {
        const { keyPlace, ownerContact } = result.data.keyInfo;
        setValues({ keyPlace: keyPlace ?? '', ownerContact: ownerContact ? `+${ownerContact.digits}` : '' });
        setState('ready');
      } else if (result.status === 401) signOut();
      else setState('failed');
    });
  }, [signOut, motorId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values || state !== 'ready') return;
    setNotice('');
    const parsed = motorSettingsRequestSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsFromZod(parsed.error));
    if (!parsed.success) return;
    setState('saving');
    const result = await saveKeyPlace(parsed.data, motorId);
    setState('ready');
    if (result.ok) {
      const { keyPlace, ownerContact } = result.data.keyInfo;
      setValues({ keyPlace: keyPlace ?? '', ownerContact: ownerContact ? `+${ownerContact.digits}` : '' });
      setNotice(labels.saved);
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { keyPlace: result.message });
  }

  if (state === 'loading' || !values) return <p role="status">{state === 'failed' ? adminMessages.loadFailed : messages.loading}</p>;
  const field = (name: Field, label: string, hint: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={adminStyles.label}>
        {label}
      </label>
      <p id={`${id}-${name}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <input
        id={`${id}-${name}`}
        value={values[name]}
        inputMode={name === 'ownerContact' ? 'tel' : undefined}
        autoComplete={name === 'ownerContact' ? 'tel' : 'off'}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[`${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ')}
        className={adminStyles.input}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={adminStyles.fieldError}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex max-w-md flex-col gap-4 rounded-lg bg-white p-4 shadow"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {labels.sectionTitle}
      </h2>
      {field('keyPlace', labels.keyPlaceLabel, labels.keyPlaceHint)}
      {field('ownerContact', labels.contactLabel, labels.contactHint)}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={state === 'saving'} className={buttonStyles.primary}>
          {state === 'saving' ? adminMessages.motorSaving : labels.save}
        </button>
        <p role="status" className="font-medium text-green-800">
          {notice}
        </p>
      </div>
    </form>
  );
}
