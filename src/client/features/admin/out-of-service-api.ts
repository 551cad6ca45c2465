import { editPeriodResponseSchema, type PeriodChange, previewResponseSchema } from '../../../domain/schemas/out-of-service';
import { callApi } from '../../lib/http';

const path = (ref: string) => `/api/admin/out-of-service/${encodeURIComponent(ref)}`;

/** `Ubah`: the bookings the change would bring inside the period. */
export const previewOutOfServiceEdit = (ref: string, change: PeriodChange) =>
  callApi(`${path(ref)}/preview`, previewResponseSchema, { method: 'POST', body: change });

export const editOutOfService = (ref: string, change: PeriodChange, decision: 'cancel' | 'keep') =>
  callApi(path(ref), editPeriodResponseSchema, { method: 'PUT', body: { change, decision } });
