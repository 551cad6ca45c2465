import webpush from 'web-push';
import type { Db } from '../../db/database';
import type { PushConfig } from '../config';
import { findStoredKeys, insertKeysOnce } from './repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or the pair generated once, when first needed, and kept in the
 * database, so every instance on one PostgreSQL signs with the same keys (a file would differ per machine).
 */
export async function loadVapidKeys(db: Db, push: PushConfig, now: Date): Promise<VapidKeys> {
  if (push.keys) return { ...push.keys, subject: push.subject };
  let stored = await findStoredKeys(db.kysely);
  if (!stored) {
    await insertKeysOnce(db.kysely, webpush.generateVAPIDKeys(), now);
    stored = await findStoredKeys(db.kysely);
  }
  if (!stored) throw new Error('push keys: none stored after generating them');
  return { ...stored, subject: push.subject };
}

/** Read once per app, on first use. */
export function vapidKeysSource(db: Db, push: PushConfig, now: () => Date): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= loadVapidKeys(db, push, now()).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}
