import type { Executor } from '../../db/executor';
import type { HandoverRecorded } from '../events/events';
import { enqueueHandoverEdits, enqueueKmQuestion, enqueueReplyEdit } from './owner-messages';

/** Every message already sent about the booking shows what is recorded, whoever recorded it. */
export async function showHandoverInMessages(trx: Executor, event: HandoverRecorded): Promise<void> {
  await enqueueHandoverEdits(trx, event.booking, event.timeZone, event.corrected ? event.recordedAt : event.at);
}

/** An owner's button: a command's reply shows the record, and a return asks the kilometres. */
export async function answerOwnerPress(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (event.cause.kind !== 'ownerPress') return;
  const { message } = event.cause;
  if (message.role === undefined) await enqueueReplyEdit(trx, message, event.booking, event.timeZone, event.recordedAt);
  if (event.event === 'return') await enqueueKmQuestion(trx, event.booking.ref, event.recordedAt);
}
