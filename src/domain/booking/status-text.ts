import { messages } from '../text/messages';
import type { NowStatus } from './day-timeline';

/** The status line's text: `Motor tersedia sekarang …`, `Motor sedang dipakai …`, or the late loan's. */
export function statusText(status: NowStatus): string {
  if (status.kind === 'late') return messages.handover.notReturnedStatus(status.name, status.minutes);
  if (status.kind === 'busy') return messages.nowBusy(status.name, status.class, status.until);
  return `${messages.nowFree} ${status.until ? messages.nowFreeUntil(status.until) : messages.nowFreeAllDay}`;
}
