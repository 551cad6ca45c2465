import type { FormEvent } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { checkPeriod } from '../../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../../domain/out-of-service/out-of-service-messages';
import type { AffectedBooking, PeriodView } from '../../../domain/schemas/out-of-service';
import { createOutOfService, endOutOfService, previewOutOfService } from './api';
import { editOutOfService, previewOutOfServiceEdit } from './out-of-service-api';
import { type FieldErrors, requestOf, type Values } from './out-of-service-values';

const labels = adminMessages.outOfService;

interface Context {
  values: Values;
  editing: PeriodView | undefined;
  busy: boolean;
  setValues: (values: Values) => void;
  setErrors: (errors: FieldErrors) => void;
  setAffected: (affected: AffectedBooking[] | undefined) => void;
  setBusy: (busy: boolean) => void;
  setNotice: (notice: string) => void;
  signOut: () => void;
  load: () => Promise<void>;
  fresh: () => Values;
  stopEdit: () => void;
  submitKey: { current: () => string; saved: () => void };
}

/** The form's `Periksa` (the bookings a period would touch), its save, and `Motor sudah siap`. */
export function periodSubmits(context: Context) {
  const { values, editing, busy, setValues, setErrors, setAffected, setBusy, setNotice, signOut, load, fresh, stopEdit, submitKey } =
    context;

  function failed(result: { status: number; message: string; errors: Record<string, string> }) {
    if (result.status === 401) return signOut();
    const { until, ...rest } = result.errors;
    if (Object.keys(result.errors).length === 0) return setErrors({ reason: result.message });
    setErrors(until === undefined ? rest : { ...rest, untilDate: until });
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const request = requestOf(values);
    const found = checkPeriod(request);
    setErrors({ ...(found.reason ? { reason: found.reason } : {}), ...(found.until ? { untilDate: found.until } : {}) });
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const { reason, untilDate, untilTime } = request;
    const result = editing
      ? await previewOutOfServiceEdit(editing.ref, { reason, untilDate, untilTime })
      : await previewOutOfService(request);
    setBusy(false);
    if (!result.ok) return failed(result);
    setAffected(result.data.affected);
  }

  async function save(decision: 'cancel' | 'keep') {
    if (busy) return;
    if (editing) return saveEdit(editing, decision);
    setBusy(true);
    const result = await createOutOfService(requestOf(values), decision, submitKey.current());
    setBusy(false);
    if (!result.ok) return failed(result);
    submitKey.saved();
    const { cancelled, warned } = result.data.period;
    setAffected(undefined);
    setValues(fresh());
    await load();
    setNotice(cancelled > 0 ? labels.savedCancelled(cancelled) : warned > 0 ? labels.savedWarned(warned) : labels.saved);
  }

  async function saveEdit(period: PeriodView, decision: 'cancel' | 'keep') {
    setBusy(true);
    const { reason, untilDate, untilTime } = requestOf(values);
    const result = await editOutOfService(period.ref, { reason, untilDate, untilTime }, decision);
    setBusy(false);
    if (!result.ok) return failed(result);
    const { cancelled, warned } = result.data;
    stopEdit();
    await load();
    setNotice(
      cancelled > 0
        ? outOfServiceMessages.editSavedCancelled(cancelled)
        : warned > 0
          ? outOfServiceMessages.editSavedWarned(warned)
          : outOfServiceMessages.editSaved,
    );
  }

  async function ready(ref: string) {
    if (busy) return;
    setBusy(true);
    const result = await endOutOfService(ref);
    setBusy(false);
    if (!result.ok && result.status === 401) return signOut();
    // The notice once the list shows the end too, so what it says is what is on screen.
    await load();
    setNotice(result.ok ? labels.readyDone : result.message);
  }

  return { check, save, ready };
}
