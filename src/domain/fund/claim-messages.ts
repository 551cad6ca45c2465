/** `Saya sudah bayar` (issue 39): the student's texts, apart from messages.ts so the first load of / never carries them. */
export const claimMessages = {
  button: 'Saya sudah bayar',
  sending: 'Mengirim...',
  pending: 'Menunggu konfirmasi bendahara.',
  refused: 'Pembayaran belum diterima bendahara. Hubungi bendahara bila sudah membayar.',
  noCharge: 'Tidak ada tagihan untuk peminjaman ini.',
  alreadyPaid: 'Tagihan ini sudah lunas.',
  qrisAlt: 'Kode QRIS untuk membayar kas kelas',
} as const;
