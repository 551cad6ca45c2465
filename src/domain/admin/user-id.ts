import { randomCode } from '../text/random-code';

// Also an admin's login code, so not guessable: about 59 bits, without look-alikes.
export function makeUserId(randomBytes: (size: number) => Uint8Array): string {
  return randomCode('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 12, randomBytes);
}
