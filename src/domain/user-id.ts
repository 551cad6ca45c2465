import { randomCode } from './random-code';

/**
 * A new user id, which is also an admin's login code, so it must not be guessable:
 * 12 characters from 31 easy-to-type ones (no 0/O, 1/I/l), about 59 bits.
 */
export function makeUserId(randomBytes: (size: number) => Uint8Array): string {
  return randomCode('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 12, randomBytes);
}
