import { createHash, randomBytes } from 'node:crypto';

/** A new cancel secret: 128 bits from the system's secure source, base64url (22 characters). */
export function newCancelToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What the database keeps of a cancel secret, and what a presented one is looked up by. */
export function hashCancelToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
