import type { PeriodRequest, PeriodView } from '../../../domain/schemas/out-of-service';
import { localMomentIn } from '../../../domain/time/clock';

/** `motorId`: the chosen bike's id with two or more bikes (0060), '' for the first. */
export type Values = { reason: string; fromDate: string; fromTime: string; untilDate: string; untilTime: string; motorId: string };
export type Field = Exclude<keyof Values, 'motorId'>;
export type FieldErrors = Partial<Record<Field, string>>;

export function freshValues(timeZone: string): Values {
  const now = localMomentIn(timeZone, new Date());
  return { reason: '', fromDate: now.date, fromTime: now.time, untilDate: '', untilTime: '', motorId: '' };
}

export function valuesOf(period: PeriodView): Values {
  return {
    reason: period.reason,
    fromDate: period.fromDate,
    fromTime: period.fromTime,
    untilDate: period.untilDate ?? '',
    untilTime: period.untilTime ?? '',
    motorId: '',
  };
}

export function requestOf(values: Values): PeriodRequest {
  const open = values.untilDate === '' && values.untilTime === '';
  return {
    reason: values.reason,
    fromDate: values.fromDate,
    fromTime: values.fromTime,
    untilDate: open ? null : values.untilDate,
    untilTime: open ? null : values.untilTime === '' ? '00:00' : values.untilTime,
    ...(values.motorId !== '' && { motorId: Number(values.motorId) }),
  };
}
