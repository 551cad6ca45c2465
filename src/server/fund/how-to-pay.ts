import { createRequire } from 'node:module';
import type { Executor } from '../../db/executor';
import { howToPayLine } from '../../domain/fund/reminder';
import type { HowToPayRequest } from '../../domain/schemas/fund';
import type { SessionAdmin } from '../admin/service';
import { findHowToPay, findQrisPng, type HowToPay, saveHowToPay, saveQrisPng } from './repository';

export async function howToPay(db: Executor): Promise<HowToPay | null> {
  return (await findHowToPay(db)) ?? null;
}

/** The line under a student's charge; null until the treasurer has said how to pay. */
export async function howToPayText(db: Executor): Promise<string | null> {
  const info = await findHowToPay(db);
  return info ? howToPayLine(info) : null;
}

export async function updateHowToPay(db: Executor, admin: SessionAdmin, request: HowToPayRequest, now: Date): Promise<void> {
  const info = { treasurer: request.treasurer.trim(), account: request.account.trim() };
  await saveHowToPay(db, { ...info, at: now.toISOString(), by: admin.name });
}

/** A phone photo is a few MB; the stored picture is far smaller. */
export const MAX_QRIS_UPLOAD_BYTES = 4_000_000;
export const QRIS_SIDE_PX = 512;

export type QrisOutcome = { kind: 'ok' } | { kind: 'unreadable' } | { kind: 'noHowToPay' };

/**
 * The QRIS picture as students will see it: turned upright, at most 512 px a side, re-encoded as PNG without the photo's metadata (sharp
 * keeps none unless asked). Loaded here only: the server's start never pays for the native module.
 */
export async function storeQris(db: Executor, admin: SessionAdmin, image: Buffer, now: Date): Promise<QrisOutcome> {
  if (image.length === 0 || image.length > MAX_QRIS_UPLOAD_BYTES) return { kind: 'unreadable' };
  // require, not import(): the bundled server runs as a script with a code cache, where import() has no loader (0047).
  const sharp = createRequire(import.meta.url)('sharp') as typeof import('sharp');
  let png: Buffer;
  try {
    png = await sharp(image, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(QRIS_SIDE_PX, QRIS_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return { kind: 'unreadable' };
  }
  const saved = await saveQrisPng(db, png.toString('base64'), { at: now.toISOString(), by: admin.name });
  return saved ? { kind: 'ok' } : { kind: 'noHowToPay' };
}

export async function removeQris(db: Executor, admin: SessionAdmin, now: Date): Promise<void> {
  await saveQrisPng(db, null, { at: now.toISOString(), by: admin.name });
}

export async function qrisPicture(db: Executor): Promise<Buffer | null> {
  const png = await findQrisPng(db);
  return png === null ? null : Buffer.from(png, 'base64');
}
