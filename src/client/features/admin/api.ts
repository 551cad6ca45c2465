import type { z } from 'zod';
import {
  adminResponseSchema,
  auditPageResponseSchema,
  type CreateVoucherRequest,
  cancelBookingResponseSchema,
  createVoucherResponseSchema,
  errorResponseSchema,
  importRosterErrorSchema,
  importRosterResponseSchema,
  type LoginRequest,
  listAdminBookingsResponseSchema,
  listAdminVouchersResponseSchema,
  listMembersResponseSchema,
  type MemberRequest,
  memberResponseSchema,
  revokeVoucherResponseSchema,
} from '../../../domain/admin-schemas';
import { messages } from '../../../domain/messages';

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors: Record<string, string>; problems: string[] };

/** A JSON call; a network failure is status 0 with the unexpected-error text. */
async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T> | null): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    return { ok: false, status: 0, message: messages.unexpected, errors: {}, problems: [] };
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema ? schema.safeParse(body) : { success: true as const, data: undefined as T };
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, status: response.status, message: messages.unexpected, errors: {}, problems: [] };
  }
  const error = errorResponseSchema.safeParse(body);
  const problems = importRosterErrorSchema.safeParse(body);
  return {
    ok: false,
    status: response.status,
    message: error.success ? error.data.message : messages.unexpected,
    errors: error.success ? (error.data.errors ?? {}) : {},
    problems: problems.success ? problems.data.problems : [],
  };
}

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const query = (values: Record<string, string | undefined>) => {
  const defined = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
};
const segment = encodeURIComponent;

export const loginAdmin = (input: LoginRequest) => call('/api/admin/login', json(input), adminResponseSchema);
export const fetchAdminSession = () => call('/api/admin/session', {}, adminResponseSchema);
export const logoutAdmin = () => call('/api/admin/logout', { method: 'POST' }, null);
export const createVoucher = (input: CreateVoucherRequest) => call('/api/admin/vouchers', json(input), createVoucherResponseSchema);
export const fetchVouchers = () => call('/api/admin/vouchers', {}, listAdminVouchersResponseSchema);
export const revokeVoucher = (code: string) =>
  call(`/api/admin/vouchers/${segment(code)}/revoke`, { method: 'POST' }, revokeVoucherResponseSchema);

export const bookingsCsvPath = (range: { from?: string; to?: string }) => `/api/admin/bookings.csv${query(range)}`;
export const fetchAdminBookings = (range: { from?: string; to?: string }) =>
  call(`/api/admin/bookings${query(range)}`, {}, listAdminBookingsResponseSchema);
export const cancelAdminBooking = (ref: string, reason: string) =>
  call(`/api/admin/bookings/${segment(ref)}/cancel`, json({ reason }), cancelBookingResponseSchema);

export const fetchMembers = () => call('/api/admin/members', {}, listMembersResponseSchema);
export const addMember = (input: MemberRequest) => call('/api/admin/members', json(input), memberResponseSchema);
export const editMember = (ref: string, input: MemberRequest) =>
  call(`/api/admin/members/${segment(ref)}`, json(input, 'PUT'), memberResponseSchema);
export const setMemberActive = (ref: string, active: boolean) =>
  call(`/api/admin/members/${segment(ref)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' }, memberResponseSchema);
export const importRoster = (csv: string) => call('/api/admin/members/import', json({ csv }), importRosterResponseSchema);

export const fetchAuditPage = (page: number) => call(`/api/admin/audit${query({ page: String(page) })}`, {}, auditPageResponseSchema);
