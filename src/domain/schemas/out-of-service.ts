import { z } from 'zod';
import { MAX_OUT_OF_SERVICE_REASON, REASON_LABEL } from '../out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../out-of-service/out-of-service-messages';
import { messages } from '../text/messages';
import { plainText } from '../text/plain-text';
import { isCalendarDate, isClockTime } from '../time/clock';

const date = z.string().refine(isCalendarDate, { error: messages.invalidDate });
const time = z.string().refine(isClockTime, { error: messages.invalidField('time') });

const changeFields = {
  untilDate: date.nullable(),
  untilTime: time.nullable(),
  // Checked again after trimming by checkPeriod; the cap here keeps a huge body out.
  reason: plainText(REASON_LABEL).max(MAX_OUT_OF_SERVICE_REASON * 2, {
    error: outOfServiceMessages.reasonTooLong(MAX_OUT_OF_SERVICE_REASON),
  }),
};
function untilBothOrNone<S extends z.ZodType<{ untilDate: string | null; untilTime: string | null }>>(schema: S) {
  return schema.refine((body) => (body.untilDate === null) === (body.untilTime === null), {
    error: messages.invalidField('until'),
    path: ['untilTime'],
  });
}

/** A `Tidak tersedia` period as the admin's form sends it; `until` both null: open-ended. */
export const periodRequestSchema = untilBothOrNone(
  z.strictObject({
    fromDate: date,
    fromTime: time,
    ...changeFields,
    motorId: z
      .number({ error: messages.invalidField('motorId') })
      .int({ error: messages.invalidField('motorId') })
      .positive({ error: messages.invalidField('motorId') })
      .optional(),
  }),
);
export type PeriodRequest = z.infer<typeof periodRequestSchema>;

/** `Ubah`: what may change of a current or future period (its start stays). */
export const periodChangeSchema = untilBothOrNone(z.strictObject(changeFields));
export type PeriodChange = z.infer<typeof periodChangeSchema>;

export const editPeriodRequestSchema = z.strictObject({
  change: periodChangeSchema,
  decision: z.enum(['cancel', 'keep'], { error: messages.invalidField('decision') }),
});

export const createPeriodRequestSchema = z.strictObject({
  period: periodRequestSchema,
  decision: z.enum(['cancel', 'keep'], { error: messages.invalidField('decision') }),
});

const affectedBookingSchema = z.object({
  date: z.string(),
  start: z.string(),
  end: z.string(),
  endDate: z.string(),
  name: z.string(),
  class: z.string(),
});
export type AffectedBooking = z.infer<typeof affectedBookingSchema>;

export const periodViewSchema = z.object({
  ref: z.string(),
  fromDate: z.string(),
  fromTime: z.string(),
  untilDate: z.string().nullable(),
  untilTime: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string(),
  /** Ended early by someone, with who. */
  endedBy: z.string().nullable(),
  cancelled: z.number(),
  warned: z.number(),
  /** Current or to come: `Ubah` is offered. */
  editable: z.boolean(),
  motor: z.string().optional(),
});
export type PeriodView = z.infer<typeof periodViewSchema>;

export const previewResponseSchema = z.object({ affected: z.array(affectedBookingSchema) });
export const periodsResponseSchema = z.object({ current: periodViewSchema.nullable(), periods: z.array(periodViewSchema) });
export type PeriodsResponse = z.infer<typeof periodsResponseSchema>;
export const createPeriodResponseSchema = z.object({ period: periodViewSchema });
/** The period after `Ubah` (its counts in all), and what this change cancelled or warned. */
export const editPeriodResponseSchema = z.object({ period: periodViewSchema, cancelled: z.number(), warned: z.number() });

/** What `/` shows: the periods not over before yesterday, on the app's wall clock. */
export const publicPeriodSchema = z.object({
  motorId: z.number(),
  fromDate: z.string(),
  fromTime: z.string(),
  untilDate: z.string().nullable(),
  untilTime: z.string().nullable(),
  reason: z.string(),
});
export type PublicPeriod = z.infer<typeof publicPeriodSchema>;

/** A period's part of one day: minutes since midnight, `to` exclusive. */
export const unavailableSpanSchema = z.object({ from: z.number(), to: z.number(), reason: z.string() });
export type UnavailableSpan = z.infer<typeof unavailableSpanSchema>;
export const outOfServiceClockSchema = z.object({
  now: z.string().nullable(),
  days: z.record(z.string(), z.array(unavailableSpanSchema)),
});
export type OutOfServiceClock = z.infer<typeof outOfServiceClockSchema>;
