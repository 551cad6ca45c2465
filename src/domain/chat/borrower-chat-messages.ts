// The borrower's bot texts: kept out of `messages`, which every student page loads.
export const borrowerChatMessages = {
  linked: (names: string) => `Siap! Kamu akan diingatkan untuk peminjaman atas nama ${names}.`,
  codeInvalid: 'Kode tidak berlaku. Buka lagi tautan dari aplikasi.',
  unlinked: 'Oke, kamu tidak akan diingatkan lagi. Untuk mulai lagi, buka tautan dari aplikasi.',
  notLinked: 'Chat ini belum terhubung. Buka tautan Ingatkan lewat Telegram dari aplikasi.',
  help: 'Perintah: /saya (peminjaman kamu), /jadwal (hari ini), /besok, /sekarang, /tagihan (tagihan kamu), /berhenti (berhenti diingatkan).',
  reminderStart: (start: string, end: string, needStnk: boolean, day: 'hari ini' | 'besok' = 'hari ini') =>
    `Pengingat: peminjaman motor kamu ${day} jam ${start}-${end}.${needStnk ? ' Bawa STNK.' : ''}`,
  reminderEnd: (end: string) => `Waktunya kembalikan motor jam ${end}.`,
  late: 'Kamu terlambat mengembalikan motor.',
  bikeLate: 'Motor belum kembali dari peminjam sebelumnya.',
  charge: (total: string, lines: string) => `Biaya peminjaman kamu: ${total} (${lines}). Bayar ke bendahara kas kelas ya.`,
  cancelled: (date: string, start: string, end: string, who: string, reason: string) =>
    `Peminjaman kamu ${date} jam ${start}-${end} dibatalkan oleh ${who}: ${reason}.`,
  mineTitle: 'Peminjaman kamu yang akan datang:',
  mineNone: 'Tidak ada peminjaman yang akan datang.',
  linkUnavailable: 'Pengingat Telegram belum tersedia.',
  // Every decision told to the person it touches (issue 38); `booking` is `{tanggal} {HH:MM}-{HH:MM}`.
  released: (booking: string) => `Peminjamanmu ${booking} dilepas karena motor tidak diambil.`,
  kept: (booking: string, reason: string) => `Motor mungkin belum bisa dipakai untuk peminjamanmu ${booking}: ${reason}.`,
  ready: (booking: string) => `Motor sudah siap, jadwalmu ${booking} tetap.`,
  offerAgain: (booking: string) => `Motor sudah siap dan jadwal ${booking} masih kosong.`,
  offerAgainNoLink: 'Mau pesan lagi?',
  rebookButton: 'Pesan lagi',
  rebookNotice: 'Motor sudah siap dan jadwal ini masih kosong.',
  loanOver: 'Peminjaman ini sudah selesai.',
  lateLine: (minutes: number, fine: string) => `Terlambat ${minutes} menit · denda sejauh ini ${fine}`,
};
