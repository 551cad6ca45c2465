import { type RefObject, useCallback, useEffect, useState } from 'react';
import { MAX_OUT_OF_SERVICE_REASON } from '../../../domain/out-of-service/out-of-service-form';
import type { AffectedBooking, PeriodsResponse, PeriodView } from '../../../domain/schemas/out-of-service';
import { useSubmitKey } from '../../lib/submit-key';
import { fetchOutOfService } from './api';
import { periodSubmits } from './out-of-service-submits';
import { type FieldErrors, freshValues, type Values, valuesOf } from './out-of-service-values';

interface Options {
  timeZone: string;
  signOut: () => void;
  prefill: { reason: string } | undefined;
  formRef: RefObject<HTMLInputElement | null>;
}

/** The periods on record, and the form that adds one or changes one (`Ubah`). */
export function useOutOfService({ timeZone, signOut, prefill, formRef }: Options) {
  const fresh = () => freshValues(timeZone);
  const [values, setValues] = useState<Values>(fresh);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [affected, setAffected] = useState<AffectedBooking[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [overview, setOverview] = useState<PeriodsResponse | undefined>(undefined);
  // `Ubah`: the period whose reason and end the form changes (its start stays).
  const [editing, setEditing] = useState<PeriodView | undefined>(undefined);

  const load = useCallback(async () => {
    const result = await fetchOutOfService();
    if (result.ok) setOverview(result.data);
    else if (result.status === 401) signOut();
  }, [signOut]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!prefill) return;
    setValues((current) => ({ ...current, reason: Array.from(prefill.reason.trim()).slice(0, MAX_OUT_OF_SERVICE_REASON).join('') }));
    setAffected(undefined);
    setEditing(undefined);
    formRef.current?.focus();
  }, [prefill, formRef]);

  function startEdit(period: PeriodView) {
    setEditing(period);
    setValues(valuesOf(period));
    setErrors({});
    setAffected(undefined);
    setNotice('');
    formRef.current?.focus();
  }

  function stopEdit() {
    setEditing(undefined);
    setAffected(undefined);
    setErrors({});
    setValues(fresh());
  }

  const state = { values, errors, affected, busy, notice, overview, editing };
  const submitKey = useSubmitKey();
  const submits = periodSubmits({
    ...state,
    setValues,
    setErrors,
    setAffected,
    setBusy,
    setNotice,
    signOut,
    load,
    fresh,
    stopEdit,
    submitKey,
  });
  return { ...state, setValues, setAffected, startEdit, stopEdit, ...submits };
}

export type OutOfServiceState = ReturnType<typeof useOutOfService>;
