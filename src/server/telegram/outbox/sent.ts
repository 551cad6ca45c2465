// The outbox's reads and withdrawals that features may use: what was sent, with which message id, and from which row; the retention job's prune.
export {
  findMessageOrigin,
  findNewestKeyStarting,
  findNewestWithPayload,
  findPayloadByKey,
  findSentMessageId,
  findSentRows,
  giveUpUnsent,
  pruneSentOutbox,
  type SentRow,
} from './repository';
