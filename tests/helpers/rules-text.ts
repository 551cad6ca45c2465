/**
 * The rules page, as students must read it. Written out here, not built from the constants, so a
 * changed limit shows up as a failing test; the unit test of the text and the browser test of the
 * page both check against it.
 */
export const EXPECTED_RULES = [
  'Kelas PPTI 21: gratis, maksimal 4 jam sekali pinjam.',
  'Kelas lain: maksimal 3 jam sekali pinjam, sewa Rp10.000 per jam.',
  'Setiap orang maksimal pinjam 4 jam per hari.',
  'Lewat dari batas jam, kena denda Rp10.000 per jam.',
  'Untuk keperluan panitia, gratis sampai 5 jam per hari.',
  'Pemakaian kurang dari 1 jam atau untuk beli makanan gratis.',
  'Uang sewa masuk ke kas kelas.',
  'Punya voucher? Tulis kodenya di kolom Alasan: jam selesai otomatis jadi 6 jam setelah jam mulai. Voucher tetap tidak boleh bentrok dengan jadwal lain.',
  'Denda dihitung per jam yang dimulai, kalau terlambat lebih dari 10 menit.',
  'Sewa dihitung per jam pemakaian yang dimulai, setelah toleransi 10 menit. Selama jam voucher tidak ada sewa.',
];
