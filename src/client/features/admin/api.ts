import { z } from 'zod';
import {
  adminResponseSchema,
  createVoucherResponseSchema,
  type LoginRequest,
  listVouchersResponseSchema,
} from '../../../domain/admin-schemas';
import { callApi } from '../../lib/http';

export const loginAdmin = (input: LoginRequest) => callApi('/api/admin/login', adminResponseSchema, { method: 'POST', body: input });
export const fetchAdminSession = (signal?: AbortSignal) => callApi('/api/admin/session', adminResponseSchema, { signal });
/** 204, no body. */
export const logoutAdmin = () => callApi('/api/admin/logout', z.undefined(), { method: 'POST' });
export const createVoucher = () => callApi('/api/admin/vouchers', createVoucherResponseSchema, { method: 'POST' });
export const fetchVouchers = (signal?: AbortSignal) => callApi('/api/admin/vouchers', listVouchersResponseSchema, { signal });
