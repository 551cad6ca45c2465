// The outbox's reads and withdrawals that features may use: what was sent, with which message id, and from which row.
export {
  findMessageOrigin,
  findNewestKeyStarting,
  findNewestWithPayload,
  findPayloadByKey,
  findSentMessageId,
  findSentRows,
  giveUpUnsent,
  type SentRow,
} from './repository';
