// The outbox's claims for a transport other than Telegram (the push worker, 0058): the same leases, retries and give-ups.
export {
  type ClaimedMessage,
  markGivenUp,
  markSent,
  releaseClaim,
  renewClaim,
  scheduleRetry,
} from './repository';
export { DEFAULT_RETRY_SCHEDULE, findNextAttempt, type RetrySchedule } from './retry-policy';
