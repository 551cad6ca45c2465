import { z } from 'zod';
import { FUEL_LEVELS, HANDOVER_STAGES, MAX_CONDITION_NOTE_LENGTH, MAX_KILOMETRES } from '../handover/handover';
import { messages } from '../text/messages';
import { hasLineBreakOrControl, plainText } from '../text/plain-text';
import { calendarDate } from './booking-requests';

const labels = messages.handover;

const handoverDetailsShape = {
  fuel: z.enum(FUEL_LEVELS, { error: labels.fuelRequired }).optional(),
  km: z
    .number({ error: labels.kmInvalid })
    .int({ error: labels.kmInvalid })
    .min(0, { error: labels.kmInvalid })
    .max(MAX_KILOMETRES, { error: labels.kmInvalid })
    .nullable()
    .optional(),
  note: plainText(labels.noteLabel)
    .max(MAX_CONDITION_NOTE_LENGTH, { error: labels.noteTooLong(MAX_CONDITION_NOTE_LENGTH) })
    .optional(),
  stnkBack: z.boolean({ error: messages.invalidField('stnkBack') }).optional(),
};

/** The borrower proves the booking with its secret, as for cancelling (0018, 0036). */
export const borrowerHandoverRequestSchema = z
  .strictObject({
    token: z.string({ error: messages.invalidField('token') }).max(200, { error: messages.invalidField('token') }),
    event: z.enum(['pickup', 'return'], { error: messages.invalidField('event') }),
    ...handoverDetailsShape,
  })
  .refine((body) => body.event !== 'return' || body.fuel !== undefined, { error: labels.fuelRequired, path: ['fuel'] });
export type BorrowerHandoverRequest = z.infer<typeof borrowerHandoverRequestSchema>;

/** The instant is a date and a wall-clock time in APP_TIMEZONE, as every time a person types here. */
export const adminHandoverRequestSchema = z.strictObject({
  event: z.enum(['pickup', 'return', 'release'], { error: messages.invalidField('event') }),
  date: calendarDate(messages.dateRequired).refine((value) => value !== '', { error: messages.dateRequired }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.invalidField('time') }),
  ...handoverDetailsShape,
});
export type AdminHandoverRequest = z.infer<typeof adminHandoverRequestSchema>;

/** What the borrower's card and private page show: times on APP_TIMEZONE's wall clock. */
export const ownHandoverSchema = z.object({
  stage: z.enum(HANDOVER_STAGES),
  state: z.string(),
  pickedUpAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  pickupOpen: z.boolean(),
  returnOpen: z.boolean(),
  needStnk: z.boolean(),
  waitsForLateBike: z.boolean(),
});
export type OwnHandover = z.infer<typeof ownHandoverSchema>;

const recordedSchema = z.object({ at: z.string(), by: z.string() }).nullable();

/** Admin and owner only: fuel, kilometres, notes and who recorded never reach a public answer. */
export const adminHandoverSchema = z.object({
  stage: z.enum(HANDOVER_STAGES),
  state: z.string(),
  late: z.boolean(),
  bookedEnd: z.string(),
  bookedEndDate: z.string(),
  pickup: recordedSchema,
  fuelOut: z.string().nullable(),
  return: recordedSchema,
  fuelBack: z.string().nullable(),
  km: z.number().nullable(),
  stnkBack: z.boolean().nullable(),
  note: z.string().nullable(),
  release: recordedSchema,
});
export type AdminHandover = z.infer<typeof adminHandoverSchema>;

export const motorbikeSchema = z.object({
  name: z.string(),
  plate: z.string(),
  lastKm: z.number().nullable(),
  lastFuel: z.string().nullable(),
});
export type MotorbikeView = z.infer<typeof motorbikeSchema>;

export const motorbikeRequestSchema = z.strictObject({
  name: plainText(labels.motorNameLabel)
    .trim()
    .min(1, { error: labels.motorNameRequired })
    .max(100, { error: messages.tooLong(labels.motorNameLabel, 100) })
    .refine((value) => !hasLineBreakOrControl(value), { error: messages.controlCharacter(labels.motorNameLabel) }),
  plate: plainText(labels.plateLabel)
    .trim()
    .max(20, { error: messages.tooLong(labels.plateLabel, 20) })
    .refine((value) => !hasLineBreakOrControl(value), { error: messages.controlCharacter(labels.plateLabel) }),
  lastKm: z.number({ error: labels.kmInvalid }).int({ error: labels.kmInvalid }).min(0).max(MAX_KILOMETRES).nullable(),
});

export const loanSchema = z.object({
  ref: z.string(),
  name: z.string(),
  class: z.string(),
  date: z.string(),
  start: z.string(),
  handover: adminHandoverSchema,
  kmDriven: z.number().nullable(),
});
export const motorbikeResponseSchema = z.object({ motorbike: motorbikeSchema, loans: z.array(loanSchema) });
export type MotorbikeResponse = z.infer<typeof motorbikeResponseSchema>;
