// The texts of `Tidak tersedia` periods (issue 27) that only the server, the owner's chat and the
// admin console use: kept out of messages.ts, which every student's first load carries.
export const outOfServiceMessages = {
  cancelReason: (reason: string) => `Motor tidak tersedia: ${reason}`,
  backInService: 'Motor sudah bisa dipinjam lagi.',
  reasonRequired: 'Alasan harus diisi',
  reasonTooLong: (max: number) => `Alasan paling panjang ${max} karakter`,
  untilNotAfterFrom: 'Sampai harus sesudah mulai',
  cancelAll: 'Batalkan semua',
  keep: 'Biarkan',
  ownerCancelledCount: (count: number, reason: string) => `${count} peminjaman dibatalkan karena motor tidak tersedia (${reason}).`,
  ownerWarnedCount: (count: number, reason: string) => `${count} peminjam diberi tahu motor mungkin belum bisa dipakai (${reason}).`,
  ownerStarted: (reason: string) => `Dicatat: motor tidak tersedia (${reason}) mulai sekarang. /siap kalau sudah bisa dipakai lagi.`,
  ownerAffected: 'Peminjaman yang kena:',
  ownerReasonMissing: 'Tulis alasannya: /bengkel Ban bocor',
  ownerAlreadyOut: (reason: string) => `Motor sudah tercatat tidak tersedia (${reason}). /siap kalau sudah bisa dipakai lagi.`,
  ownerReady: 'Dicatat: motor sudah siap dipakai lagi.',
  ownerNotOut: 'Motor tidak sedang tercatat tidak tersedia.',
  ownerDecided: 'Sudah diputuskan.',
  notFound: 'Masa tidak tersedia tidak ditemukan.',
  alreadyEnded: 'Masa tidak tersedia ini sudah selesai.',
} as const;
