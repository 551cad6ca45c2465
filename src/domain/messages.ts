/**
 * Every text a user reads, by name. The spec's texts are exact; new ones keep its
 * informal-polite register. Functions take the values the text shows.
 */
export const messages = {
  nameRequired: 'Nama peminjam harus diisi',
  dateRequired: 'Tanggal peminjaman harus diisi',
  startRequired: 'Jam mulai harus diisi',
  endRequired: 'Jam selesai harus diisi',
  reasonRequired: 'Alasan peminjaman harus diisi',
  nameNotFound: 'Nama peminjam tidak ditemukan',
  endNotAfterStart: 'Jam selesai harus lebih besar dari jam mulai',
  dateInPast: 'Tanggal tidak boleh di masa lalu',
  invalidDuration: 'Durasi jamnya tidak valid',
  classLimit: (className: string, hours: number) => `Kelas ${className} hanya boleh pinjam ${hours} jam`,
  dailyLimit: (hoursBooked: string, maxHours: number) => `Kamu udah pinjam ${hoursBooked} jam hari ini (maks ${maxHours} jam)`,
  overlap: (start: string, end: string) => `Bentrok dengan jadwal lain (${start} - ${end})`,

  ruleHomeClass: (className: string, hours: number) => `Kelas ${className}: gratis, maksimal ${hours} jam sekali pinjam.`,
  ruleOtherClass: (hours: number, rent: string) => `Kelas lain: maksimal ${hours} jam sekali pinjam, sewa ${rent} per jam.`,
  rulePerDay: (hours: number) => `Setiap orang maksimal pinjam ${hours} jam per hari.`,
  ruleFine: (fine: string) => `Lewat dari batas jam, kena denda ${fine} per jam.`,
  ruleCommittee: (hours: number) => `Untuk keperluan panitia, gratis sampai ${hours} jam per hari.`,
  ruleShortUse: (hours: number) => `Pemakaian kurang dari ${hours} jam atau untuk beli makanan gratis.`,
  ruleRentToClassFund: 'Uang sewa masuk ke kas kelas.',
  ruleVoucher: (hours: number) => `Punya voucher? Tulis kodenya di kolom Alasan: jam selesai otomatis jadi ${hours} jam setelah jam mulai.`,

  saveFailed: 'Gagal menyimpan data, coba lagi.',
  unexpected: 'Terjadi kesalahan tidak terduga.',

  loginNameNotFound: 'Nama tidak ditemukan',
  loginWrongCode: 'Kode salah!',
  loginNotAdmin: 'Akses ditolak, kamu bukan admin!',
  loginTooManyAttempts: (minutes: number) => `Terlalu banyak percobaan. Coba lagi dalam ${minutes} menit.`,
  voucherFailed: 'Gagal generate voucher',

  invalidDate: 'Tanggal tidak valid',
  invalidTime: 'Jam tidak valid (format JJ:MM)',
  invalidTimeOf: (field: string) => `${field} tidak valid (format JJ:MM)`,
  tooLong: (field: string, max: number) => `${field} terlalu panjang (maks ${max} karakter)`,
  invalidField: (field: string) => `${field} tidak valid`,
  unknownField: (field: string) => `Kolom ${field} tidak dikenal`,
  invalidBody: 'Data yang dikirim tidak valid',
  bodyTooLarge: 'Data yang dikirim terlalu besar',
  notFound: 'Halaman tidak ditemukan',
  unauthorized: 'Sesi admin tidak ada atau sudah habis, silakan masuk lagi',
  forbiddenOrigin: 'Permintaan ditolak',
  tooManyRequests: 'Terlalu banyak permintaan, coba lagi sebentar lagi',
  databaseUnavailable: 'Database tidak bisa dihubungi',
} as const;
