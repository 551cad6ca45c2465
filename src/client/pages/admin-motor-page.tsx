import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import { recordedWallClock } from '../../domain/handover/admin-handover';
import { readKilometres } from '../../domain/handover/handover-form';
import { bikeNameMessages } from '../../domain/motor/bike-name-messages';
import type { BikeView } from '../../domain/motor/bikes';
import { type MotorbikeResponse, motorbikeRequestSchema } from '../../domain/schemas/handover';
import { fieldErrorsFromZod } from '../../domain/text/field-errors';
import { messages } from '../../domain/text/messages';
import { formatIndonesianDate } from '../../domain/time/clock';
import { buttonStyles } from '../components/button-styles';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchMotorbike, saveMotorbike } from '../features/admin/api';
import { BikesPanel } from '../features/admin/bikes-panel';
import { useShownBikes } from '../features/admin/bookings-bikes';
import { KeyPlaceForm } from '../features/admin/key-place-form';
import { OutOfServicePanel } from '../features/admin/out-of-service-panel';
import { Cell, ScrollTable, TableHeadWithActions } from '../features/admin/scroll-table';
import { adminStyles } from '../features/admin/styles';

/** `motorId`: the bike the data is of, so the form starts afresh for another bike but not when its own save reloads it. */
type LoadState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; data: MotorbikeResponse; motorId: number | undefined };

const labels = messages.handover;
const columns = adminMessages.loanColumns;

function MotorForm({
  data,
  motorId,
  onSaved,
  signOut,
}: {
  data: MotorbikeResponse;
  motorId: number | undefined;
  onSaved: () => void;
  signOut: () => void;
}) {
  const id = useId();
  const { motorbike } = data;
  const [values, setValues] = useState({ name: motorbike.name, plate: motorbike.plate, lastKm: motorbike.lastKm?.toString() ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const lastKm = readKilometres(values.lastKm);
    const parsed = motorbikeRequestSchema.safeParse({ name: values.name, plate: values.plate, lastKm: lastKm ?? null });
    const found = {
      ...(parsed.success ? {} : fieldErrorsFromZod(parsed.error)),
      ...(lastKm === undefined ? { lastKm: labels.kmInvalid } : {}),
    };
    setErrors(found);
    if (!parsed.success || lastKm === undefined) return;
    setBusy(true);
    const result = await saveMotorbike(parsed.data, motorId);
    setBusy(false);
    if (result.ok) {
      setNotice(adminMessages.motorSaved);
      onSaved();
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { name: result.message });
  }

  const field = (name: 'name' | 'plate' | 'lastKm', label: string, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={adminStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        id={`${id}-${name}`}
        value={values[name]}
        inputMode={name === 'lastKm' ? 'numeric' : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined}
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
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4 rounded-lg bg-white p-4 shadow">
      {field('name', labels.motorNameLabel)}
      {field('plate', labels.plateLabel)}
      {field('lastKm', adminMessages.motorLastKm, adminMessages.motorLastKmHint)}
      <p>
        {adminMessages.motorLastFuel}: <span className="font-semibold">{motorbike.lastFuel ?? '–'}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? adminMessages.motorSaving : adminMessages.motorSave}
        </button>
        <p role="status" className="font-medium text-green-800">
          {notice}
        </p>
      </div>
    </form>
  );
}

function LoanHistory({
  data,
  timeZone,
  onMark,
}: {
  data: MotorbikeResponse;
  timeZone: string;
  /** A condition note's `Tandai tidak tersedia`: opens the period form with the note as its reason. */
  onMark: (note: string) => void;
}) {
  if (data.loans.length === 0) return <p>{adminMessages.loansEmpty}</p>;
  const at = (recorded: { at: string; by: string } | null, date: string) =>
    recorded ? adminMessages.recordedBy(recordedWallClock(recorded.at, timeZone, date), recorded.by) : '–';
  return (
    <ScrollTable label={adminMessages.loansTableLabel}>
      <TableHeadWithActions
        labels={[
          columns.who,
          columns.booked,
          columns.pickup,
          columns.return,
          columns.kmDriven,
          columns.fuelOut,
          columns.fuelBack,
          columns.note,
        ]}
      />
      <tbody>
        {data.loans.map((loan) => (
          <tr key={loan.ref} className="border-t border-slate-200">
            <Cell label={columns.who}>{`${loan.name} (${loan.class})`}</Cell>
            <Cell label={columns.booked} className="whitespace-nowrap">{`${formatIndonesianDate(loan.date)} ${loan.start}`}</Cell>
            <Cell label={columns.pickup} className="whitespace-nowrap">
              {at(loan.handover.pickup, loan.date)}
            </Cell>
            <Cell label={columns.return} className="whitespace-nowrap">
              {loan.handover.return ? at(loan.handover.return, loan.date) : loan.handover.state}
            </Cell>
            <Cell label={columns.kmDriven} className="tabular-nums">
              {loan.kmDriven ?? '–'}
            </Cell>
            <Cell label={columns.fuelOut}>{loan.handover.fuelOut ?? '–'}</Cell>
            <Cell label={columns.fuelBack}>{loan.handover.fuelBack ?? '–'}</Cell>
            <Cell label={columns.note} className="min-w-40 break-words">
              {loan.handover.note ?? '–'}
            </Cell>
            <Cell>
              {loan.handover.note && (
                <button
                  type="button"
                  className={adminStyles.smallButton}
                  aria-label={`${adminMessages.outOfService.markFromNote}: ${loan.handover.note}`}
                  onClick={() => onMark(loan.handover.note ?? '')}
                >
                  {adminMessages.outOfService.markFromNote}
                </button>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** With two or more bikes, whose record, key place and loans the tab shows (0060). */
function BikeChooser({ bikes, chosen, onChoose }: { bikes: BikeView[]; chosen: number | undefined; onChoose: (id: number) => void }) {
  const id = useId();
  if (bikes.length === 0) return null;
  return (
    <div className="max-w-md">
      <label htmlFor={id} className={adminStyles.label}>
        {bikeNameMessages.chooser}
      </label>
      <select id={id} value={String(chosen)} onChange={(event) => onChoose(Number(event.target.value))} className={adminStyles.input}>
        {bikes.map((bike) => (
          <option key={bike.id} value={String(bike.id)}>
            {bike.plate ? `${bike.name} (${bike.plate})` : bike.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function MotorScreen({ signOut, timeZone }: AdminPageProps) {
  const [state, setState] = useState<LoadState>({ state: 'loading' });
  const [prefill, setPrefill] = useState<{ reason: string } | undefined>(undefined);
  const reasonRef = useRef<HTMLInputElement>(null);
  const bikes = useShownBikes();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const motorId = bikes.length === 0 ? undefined : (picked ?? bikes[0]?.id);

  const load = useCallback(async () => {
    const result = await fetchMotorbike(motorId);
    if (result.ok) setState({ state: 'loaded', data: result.data, motorId });
    else if (result.status === 401) signOut();
    else setState({ state: 'failed' });
  }, [signOut, motorId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.state === 'loading') return <p role="status">{messages.loading}</p>;
  if (state.state === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  return (
    <>
      <BikeChooser bikes={bikes} chosen={motorId} onChoose={setPicked} />
      <MotorForm key={String(state.motorId)} data={state.data} motorId={state.motorId} onSaved={load} signOut={signOut} />
      <KeyPlaceForm key={String(motorId)} motorId={motorId} signOut={signOut} />
      <OutOfServicePanel timeZone={timeZone} signOut={signOut} prefill={prefill} formRef={reasonRef} />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{adminMessages.loansTitle}</h2>
        <LoanHistory data={state.data} timeZone={timeZone} onMark={(note) => setPrefill({ reason: note })} />
      </section>
      <BikesPanel signOut={signOut} />
    </>
  );
}

export function AdminMotorPage() {
  return <AdminShell title={adminMessages.motorTitle}>{(props) => <MotorScreen {...props} />}</AdminShell>;
}
