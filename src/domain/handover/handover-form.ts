import { messages } from '../text/messages';
import { type FuelLevel, type HandoverEvent, isFuelLevel, MAX_CONDITION_NOTE_LENGTH, MAX_KILOMETRES } from './handover';

/** A handover form's fields as typed; `needStnk` and `fuelRequired` say which rules apply. */
export interface HandoverFormInput {
  event: HandoverEvent;
  fuel: string;
  km: string;
  note: string;
  stnkBack: boolean;
  needStnk: boolean;
  /** The borrower always says the fuel; an admin correcting a record may not know it. */
  fuelRequired: boolean;
}

/** Kilometres as typed: null when left empty, undefined when not a whole number the server takes. */
export function readKilometres(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(value) && value <= MAX_KILOMETRES ? value : undefined;
}

export interface HandoverDetails {
  fuel?: FuelLevel;
  km?: number;
  note?: string;
  stnkBack?: boolean;
}

export type HandoverFormOutcome = { ok: true; details: HandoverDetails } | { ok: false; errors: Record<string, string> };

/**
 * The details a request carries, or the errors to show under their fields. A pickup keeps only the fuel and a release nothing: the server
 * records no more of them. Empty kilometres are left out; an empty note is sent, so an admin's correction can clear the one recorded.
 */
export function readHandoverForm(input: HandoverFormInput): HandoverFormOutcome {
  if (input.event === 'release') return { ok: true, details: {} };
  const labels = messages.handover;
  const errors: Record<string, string> = {};
  const details: HandoverDetails = {};
  if (isFuelLevel(input.fuel)) details.fuel = input.fuel;
  else if (input.fuelRequired) errors.fuel = labels.fuelRequired;
  if (input.event === 'return') {
    const km = readKilometres(input.km);
    if (km === undefined) errors.km = labels.kmInvalid;
    else if (km !== null) details.km = km;
    const note = input.note.trim();
    if (note.length > MAX_CONDITION_NOTE_LENGTH) errors.note = labels.noteTooLong(MAX_CONDITION_NOTE_LENGTH);
    else details.note = note;
    if (input.needStnk) details.stnkBack = input.stnkBack;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, details };
}
