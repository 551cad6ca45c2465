import { randomCode } from './random-code';

export const VOUCHER_PREFIX = 'VCH-';

/** 'VCH-' plus 6 characters from A-Z0-9. */
export const VOUCHER_CODE_PATTERN = /^VCH-[A-Z0-9]{6}$/;

export function makeVoucherCode(randomBytes: (size: number) => Uint8Array): string {
  return VOUCHER_PREFIX + randomCode('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 6, randomBytes);
}
