import { z } from 'zod';
import {
  adminResponseSchema,
  adminSessionResponseSchema,
  auditPageResponseSchema,
  type CreateVoucherRequest,
  cancelBookingResponseSchema,
  createVoucherResponseSchema,
  importRosterResponseSchema,
  type LoginRequest,
  listAdminBookingsResponseSchema,
  listAdminVouchersResponseSchema,
  listMembersResponseSchema,
  type MemberRequest,
  memberBookingsResponseSchema,
  memberResponseSchema,
  revokeVoucherResponseSchema,
} from '../../../domain/schemas/admin';
import {
  type ChargeChangeRequest,
  type CorrectionRequest,
  duesGridSchema,
  type ExpenseRequest,
  fundBookSchema,
  fundOverviewSchema,
  type HowToPayRequest,
  memberStatementSchema,
  type PaymentRequest,
} from '../../../domain/schemas/fund';
import {
  type AdminHandoverRequest,
  adminHandoverSchema,
  type motorbikeRequestSchema,
  motorbikeResponseSchema,
  motorbikeSchema,
} from '../../../domain/schemas/handover';
import {
  createPeriodResponseSchema,
  type PeriodRequest,
  periodsResponseSchema,
  previewResponseSchema,
} from '../../../domain/schemas/out-of-service';
import { callApi } from '../../lib/http';
import { idempotencyHeader } from '../../lib/submit-key';

const query = (values: Record<string, string | undefined>) => {
  const defined = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
};
const segment = encodeURIComponent;

export const loginAdmin = (input: LoginRequest) => callApi('/api/admin/login', adminResponseSchema, { method: 'POST', body: input });
export const fetchAdminSession = (signal?: AbortSignal) => callApi('/api/admin/session', adminSessionResponseSchema, { signal });
export const logoutAdmin = () => callApi('/api/admin/logout', z.undefined(), { method: 'POST' });

export const createVoucher = (input: CreateVoucherRequest, submitKey: string) =>
  callApi('/api/admin/vouchers', createVoucherResponseSchema, { method: 'POST', body: input, headers: idempotencyHeader(submitKey) });
export const fetchVouchers = (signal?: AbortSignal) => callApi('/api/admin/vouchers', listAdminVouchersResponseSchema, { signal });
export const revokeVoucher = (code: string) =>
  callApi(`/api/admin/vouchers/${segment(code)}/revoke`, revokeVoucherResponseSchema, { method: 'POST' });

type BookingsQuery = { from?: string; to?: string; state?: 'late'; motor?: string };
export const bookingsCsvPath = (range: BookingsQuery) => `/api/admin/bookings.csv${query(range)}`;
/** `state: 'late'`: only the loans out past their end and grace now (`Terlambat`); `motor`: one bike's. */
export const fetchAdminBookings = (range: BookingsQuery) => callApi(`/api/admin/bookings${query(range)}`, listAdminBookingsResponseSchema);
export const recordAdminHandover = (ref: string, input: AdminHandoverRequest) =>
  callApi(`/api/admin/bookings/${segment(ref)}/handover`, z.object({ handover: adminHandoverSchema }), { method: 'POST', body: input });

/** `motorId`: one bike's record and loans (the Motor tab's chooser, 0060). */
const motorPath = (motorId?: number) => `/api/admin/motor${query({ motor: motorId?.toString() })}`;
export const fetchMotorbike = (motorId?: number) => callApi(motorPath(motorId), motorbikeResponseSchema);
export type MotorbikeRequest = z.infer<typeof motorbikeRequestSchema>;
export const saveMotorbike = (input: MotorbikeRequest, motorId?: number) =>
  callApi(motorPath(motorId), z.object({ motorbike: motorbikeSchema }), { method: 'PUT', body: input });
export const cancelAdminBooking = (ref: string, reason: string) =>
  callApi(`/api/admin/bookings/${segment(ref)}/cancel`, cancelBookingResponseSchema, { method: 'POST', body: { reason } });

export const fetchMembers = () => callApi('/api/admin/members', listMembersResponseSchema);
export const addMember = (input: MemberRequest, submitKey: string) =>
  callApi('/api/admin/members', memberResponseSchema, { method: 'POST', body: input, headers: idempotencyHeader(submitKey) });
export const editMember = (ref: string, input: MemberRequest) =>
  callApi(`/api/admin/members/${segment(ref)}`, memberResponseSchema, { method: 'PUT', body: input });
export const fetchMemberBookings = (ref: string) => callApi(`/api/admin/members/${segment(ref)}/bookings`, memberBookingsResponseSchema);
export const setMemberActive = (ref: string, active: boolean) =>
  callApi(`/api/admin/members/${segment(ref)}/${active ? 'activate' : 'deactivate'}`, memberResponseSchema, { method: 'POST' });
/** A refused import answers 422, one line per bad row in `problems`. */
export const importRoster = (csv: string) =>
  callApi('/api/admin/members/import', importRosterResponseSchema, { method: 'POST', body: { csv } });

export const fetchAuditPage = (page: number) => callApi(`/api/admin/audit${query({ page: String(page) })}`, auditPageResponseSchema);

export const fetchFundOverview = () => callApi('/api/admin/kas', fundOverviewSchema);
export const fetchFundBook = (month: string, page: number) =>
  callApi(`/api/admin/kas/book${query({ month, page: String(page) })}`, fundBookSchema);
export const fetchMemberStatement = (ref: string) => callApi(`/api/admin/kas/members/${segment(ref)}`, memberStatementSchema);
export const fetchDuesGrid = (year: number) => callApi(`/api/admin/kas/dues${query({ year: String(year) })}`, duesGridSchema);
export const fundCsvPath = (month: string) => `/api/admin/kas.csv${query({ month })}`;
const saved = z.object({ ok: z.literal(true), message: z.string() });
export const recordPayment = (input: PaymentRequest, submitKey: string) =>
  callApi('/api/admin/kas/payments', saved, { method: 'POST', body: input, headers: idempotencyHeader(submitKey) });
export const recordExpense = (input: ExpenseRequest, submitKey: string) =>
  callApi('/api/admin/kas/expenses', saved, { method: 'POST', body: input, headers: idempotencyHeader(submitKey) });
export const changeCharge = (ref: string, input: ChargeChangeRequest) =>
  callApi(`/api/admin/kas/charges/${segment(ref)}`, saved, { method: 'PUT', body: input });
export const saveHowToPay = (input: HowToPayRequest) => callApi('/api/admin/kas/cara-bayar', saved, { method: 'PUT', body: input });
export const uploadQris = (image: string) => callApi('/api/admin/kas/cara-bayar/qris', saved, { method: 'PUT', body: { image } });
export const removeQris = () => callApi('/api/admin/kas/cara-bayar/qris', saved, { method: 'DELETE' });
export const decideClaim = (id: number, action: 'confirm' | 'refuse') =>
  callApi(`/api/admin/kas/claims/${id}/${action}`, saved, { method: 'POST' });
export const correctEntry = (id: number, input: CorrectionRequest, submitKey: string) =>
  callApi(`/api/admin/kas/entries/${id}/correction`, saved, { method: 'POST', body: input, headers: idempotencyHeader(submitKey) });

export const fetchOutOfService = () => callApi('/api/admin/out-of-service', periodsResponseSchema);
export const previewOutOfService = (period: PeriodRequest) =>
  callApi('/api/admin/out-of-service/preview', previewResponseSchema, { method: 'POST', body: period });
export const createOutOfService = (period: PeriodRequest, decision: 'cancel' | 'keep', submitKey: string) =>
  callApi('/api/admin/out-of-service', createPeriodResponseSchema, {
    method: 'POST',
    body: { period, decision },
    headers: idempotencyHeader(submitKey),
  });
export const endOutOfService = (ref: string) =>
  callApi(`/api/admin/out-of-service/${segment(ref)}/end`, createPeriodResponseSchema, { method: 'POST', body: {} });
