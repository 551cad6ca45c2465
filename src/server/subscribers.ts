import {
  auditAdminCancel,
  auditAdminHandover,
  auditChargeChanged,
  auditPeriodChanged,
  auditPeriodEnded,
  auditPeriodStarted,
  auditWaitEnded,
} from './audit/subscribers';
import { showCancellationUnderNotice, tellOwnerOfBooking, tellOwnerOfCancellation, withdrawOwnerReminder } from './bookings/subscribers';
import { removeButtonsOfEndedLoan, tellBorrowerOfCancellation, tellBorrowerOfRelease, warnBorrowersOfPeriod } from './chat/subscribers';
import type { Subscribers } from './events/bus';
import { settleCancelledLoan, settleHandedOverLoan } from './fund/subscribers';
import { answerOwnerPress, removeHandoverButtons, showHandoverInMessages } from './handover/subscribers';
import { recordPeriodCancellation, tellOwnerOfCompletedFuel, tellOwnerOfNote } from './out-of-service/subscribers';

const onHandover = [settleHandedOverLoan, showHandoverInMessages, auditAdminHandover, answerOwnerPress];

/** Every consequence of every state change, in run order inside its transaction; a feature adds its reaction here, not in the emitter. */
export const subscribers: Subscribers = {
  bookingCreated: [tellOwnerOfBooking],
  bookingCancelled: [
    tellOwnerOfCancellation,
    withdrawOwnerReminder,
    tellBorrowerOfCancellation,
    settleCancelledLoan,
    recordPeriodCancellation,
    showCancellationUnderNotice,
    auditAdminCancel,
    removeHandoverButtons,
    removeButtonsOfEndedLoan,
  ],
  loanPickedUp: [...onHandover, tellOwnerOfNote],
  loanReturned: [...onHandover, tellOwnerOfNote, removeButtonsOfEndedLoan],
  bookingReleased: [...onHandover, tellBorrowerOfRelease, removeButtonsOfEndedLoan],
  returnCompleted: [tellOwnerOfCompletedFuel],
  periodStarted: [warnBorrowersOfPeriod, auditPeriodStarted],
  periodChanged: [warnBorrowersOfPeriod, auditPeriodChanged],
  periodEnded: [auditPeriodEnded],
  chargeChanged: [auditChargeChanged],
  waitEndedByAdmin: [auditWaitEnded],
};
