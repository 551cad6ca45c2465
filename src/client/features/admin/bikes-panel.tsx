import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import {
  type BikeView,
  bikeResponseSchema,
  bikesResponseSchema,
  type NewBikeRequest,
  newBikeRequestSchema,
} from '../../../domain/motor/bikes';
import { type OwnerCodeResponse, ownerCodeResponseSchema } from '../../../domain/motor/owner-code';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { callApi } from '../../lib/http';
import { idempotencyHeader, useSubmitKey } from '../../lib/submit-key';
import { AdminTextInput } from './admin-field';
import { adminStyles } from './styles';

const fetchBikes = () => callApi('/api/admin/motors', bikesResponseSchema);
const addBike = (input: NewBikeRequest) => callApi('/api/admin/motors', bikeResponseSchema, { method: 'POST', body: input });
const editBike = (bike: BikeView, active: boolean) =>
  callApi(`/api/admin/motors/${bike.id}`, bikeResponseSchema, { method: 'PUT', body: { name: bike.name, plate: bike.plate, active } });
const moveBike = (bike: BikeView, direction: 'up' | 'down') =>
  callApi(`/api/admin/motors/${bike.id}/move`, bikesResponseSchema, { method: 'POST', body: { direction } });
const makeOwnerCode = (bike: BikeView, submitKey: string) =>
  callApi(`/api/admin/motors/${bike.id}/owner-code`, ownerCodeResponseSchema, { method: 'POST', headers: idempotencyHeader(submitKey) });

const OWNER_STATUS: Record<BikeView['owner'], string> = {
  'main-chat': bikeMessages.firstOwner,
  linked: bikeMessages.ownerLinked,
  'not-linked': bikeMessages.ownerNotLinked,
};

function OwnerLink({ bike, signOut }: { bike: BikeView; signOut: () => void }) {
  const [code, setCode] = useState<OwnerCodeResponse | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submitKey = useSubmitKey();
  async function make() {
    if (busy) return;
    setBusy(true);
    const result = await makeOwnerCode(bike, submitKey.current());
    setBusy(false);
    if (result.ok) {
      submitKey.saved();
      setError('');
      setCode(result.data);
    } else if (result.status === 401) signOut();
    else setError(result.message);
  }
  return (
    <div className="flex w-full flex-col gap-2">
      <p className="text-slate-700">{OWNER_STATUS[bike.owner]}</p>
      {bike.owner !== 'main-chat' && (
        <div>
          <button
            type="button"
            disabled={busy}
            className={adminStyles.smallButton}
            aria-label={`${bikeMessages.ownerCodeButton}: ${bike.name}`}
            onClick={make}
          >
            {bikeMessages.ownerCodeButton}
          </button>
        </div>
      )}
      {code && (
        <p role="status" className="break-words">
          {bikeMessages.ownerCodeHelp(code.code, code.bot)}
        </p>
      )}
      {error && (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

function AddBikeForm({ onAdded, onCancel, signOut }: { onAdded: () => void; onCancel: () => void; signOut: () => void }) {
  const id = useId();
  const [values, setValues] = useState<NewBikeRequest>({ name: '', plate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = newBikeRequestSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsFromZod(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    const result = await addBike(parsed.data);
    setBusy(false);
    if (result.ok) {
      setValues({ name: '', plate: '' });
      onAdded();
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { name: result.message });
  }

  const field = (name: keyof NewBikeRequest, label: string) => (
    <AdminTextInput
      id={id}
      field={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onValue={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={bikeMessages.add}
      className="flex max-w-md flex-col gap-3 rounded-lg bg-white p-4 shadow"
    >
      {field('name', bikeMessages.nameLabel)}
      {field('plate', bikeMessages.plateLabel)}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {bikeMessages.addSubmit}
        </button>
        <button type="button" className={adminStyles.smallButton} onClick={onCancel}>
          {messages.cancel}
        </button>
      </div>
    </form>
  );
}

function BikeRow({
  bike,
  first,
  last,
  onChanged,
  signOut,
}: {
  bike: BikeView;
  first: boolean;
  last: boolean;
  onChanged: () => void;
  signOut: () => void;
}) {
  const [error, setError] = useState('');
  const act = async (call: () => ReturnType<typeof editBike> | ReturnType<typeof moveBike>) => {
    const result = await call();
    if (result.ok) {
      setError('');
      onChanged();
    } else if (result.status === 401) signOut();
    else setError(Object.values(result.errors)[0] ?? result.message);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 border-t border-slate-200 py-2">
      <span className="font-semibold">{bike.name}</span>
      <span className="text-slate-700">{bike.plate || '–'}</span>
      <label className="inline-flex items-center gap-2">
        <input
          type="checkbox"
          role="switch"
          aria-checked={bike.active}
          aria-label={`${bikeMessages.activeLabel}: ${bike.name}`}
          checked={bike.active}
          onChange={(event) => act(() => editBike(bike, event.target.checked))}
        />
        <span>{bikeMessages.activeLabel}</span>
      </label>
      <button
        type="button"
        disabled={first}
        className={adminStyles.smallButton}
        aria-label={`${bikeMessages.moveUp}: ${bike.name}`}
        onClick={() => act(() => moveBike(bike, 'up'))}
      >
        {bikeMessages.moveUp}
      </button>
      <button
        type="button"
        disabled={last}
        className={adminStyles.smallButton}
        aria-label={`${bikeMessages.moveDown}: ${bike.name}`}
        onClick={() => act(() => moveBike(bike, 'down'))}
      >
        {bikeMessages.moveDown}
      </button>
      <OwnerLink bike={bike} signOut={signOut} />
      {error && (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      )}
    </li>
  );
}

/** The Motor tab's bikes (0060): with two or more, each with its `Aktif` switch and place in the order; `Tambah motor` opens its form. */
export function BikesPanel({ signOut }: { signOut: () => void }) {
  const [bikes, setBikes] = useState<BikeView[] | 'loading' | 'failed'>('loading');
  const [adding, setAdding] = useState(false);
  const load = useCallback(async () => {
    const result = await fetchBikes();
    if (result.ok) setBikes(result.data.bikes);
    else if (result.status === 401) signOut();
    else setBikes('failed');
  }, [signOut]);
  useEffect(() => {
    void load();
  }, [load]);

  if (bikes === 'loading') return null;
  if (bikes === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  const added = () => {
    setAdding(false);
    void load();
  };
  return (
    <>
      {bikes.length > 1 && (
        <section aria-label={bikeMessages.listLabel} className="flex max-w-md flex-col gap-3 rounded-lg bg-white p-4 shadow">
          <h2 className="text-lg font-semibold">{bikeMessages.listLabel}</h2>
          <ul aria-label={bikeMessages.listLabel}>
            {bikes.map((bike, index) => (
              <BikeRow key={bike.id} bike={bike} first={index === 0} last={index === bikes.length - 1} onChanged={load} signOut={signOut} />
            ))}
          </ul>
        </section>
      )}
      {adding ? (
        <AddBikeForm onAdded={added} onCancel={() => setAdding(false)} signOut={signOut} />
      ) : (
        <div>
          <button type="button" className={adminStyles.smallButton} onClick={() => setAdding(true)}>
            {bikeMessages.add}
          </button>
        </div>
      )}
    </>
  );
}
