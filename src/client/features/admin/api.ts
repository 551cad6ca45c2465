import type { z } from 'zod';
import {
  adminResponseSchema,
  createVoucherResponseSchema,
  errorResponseSchema,
  type LoginRequest,
  listVouchersResponseSchema,
} from '../../../domain/admin-schemas';
import { messages } from '../../../domain/messages';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string; errors: Record<string, string> };

/** A JSON call; a network failure is status 0 with the unexpected-error text. */
async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T> | null): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    return { ok: false, status: 0, message: messages.unexpected, errors: {} };
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema ? schema.safeParse(body) : { success: true as const, data: undefined as T };
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, status: response.status, message: messages.unexpected, errors: {} };
  }
  const error = errorResponseSchema.safeParse(body);
  return {
    ok: false,
    status: response.status,
    message: error.success ? error.data.message : messages.unexpected,
    errors: error.success ? (error.data.errors ?? {}) : {},
  };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const loginAdmin = (input: LoginRequest) => call('/api/admin/login', json(input), adminResponseSchema);
export const fetchAdminSession = () => call('/api/admin/session', {}, adminResponseSchema);
export const logoutAdmin = () => call('/api/admin/logout', { method: 'POST' }, null);
export const createVoucher = () => call('/api/admin/vouchers', { method: 'POST' }, createVoucherResponseSchema);
export const fetchVouchers = () => call('/api/admin/vouchers', {}, listVouchersResponseSchema);
