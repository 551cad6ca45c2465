import { messages } from '../text/messages';

/** The lifecycle's texts (0050), exact as issues 38 and 40 give them; apart from `messages`, whose every byte the first load of `/` carries. */
export const lifecycleMessages = {
  refusal: {
    ...messages.handover.refusal,
    alreadyCancelled: messages.alreadyCancelled,
    alreadyPickedUp: 'Motor sudah tercatat diambil.',
    alreadyReturned: 'Motor sudah tercatat kembali.',
    pickupEnded: 'Waktu peminjaman ini sudah lewat.',
    notReturned: 'Motor belum tercatat kembali.',
    alreadyStarted: messages.startedBookingAdminOnly,
    handedOver: 'Peminjaman yang sudah diambil tidak bisa dibatalkan.',
    outsideLoan: 'Waktu di luar masa peminjaman.',
  },
  kmTooFar: (km: string) => `Kilometer terlalu jauh dari catatan terakhir (${km} km).`,
  returnRecorded: (who: string, time: string) => `Motor dari ${who} tercatat kembali jam ${time}.`,
  fuelRecorded: (fuel: string) => `Bensin dicatat: ${fuel}.`,
};
