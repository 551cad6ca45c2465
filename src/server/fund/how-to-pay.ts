import type { Executor } from '../../db/executor';
import { howToPayLine } from '../../domain/fund/reminder';
import type { HowToPayRequest } from '../../domain/schemas/fund';
import type { SessionAdmin } from '../admin/service';
import { findHowToPay, type HowToPay, saveHowToPay } from './repository';

export async function howToPay(db: Executor): Promise<HowToPay | null> {
  return (await findHowToPay(db)) ?? null;
}

/** The line under a student's charge; null until the treasurer has said how to pay. */
export async function howToPayText(db: Executor): Promise<string | null> {
  const info = await findHowToPay(db);
  return info ? howToPayLine(info) : null;
}

export async function updateHowToPay(db: Executor, admin: SessionAdmin, request: HowToPayRequest, now: Date): Promise<HowToPay> {
  const info = { treasurer: request.treasurer.trim(), account: request.account.trim() };
  await saveHowToPay(db, { ...info, at: now.toISOString(), by: admin.name });
  return info;
}
