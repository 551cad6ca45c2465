// Issue 38's labels are exact; the rest follow their voice (0051). Apart from messages.ts: none of it is on the first load of `/`.
export const keyPlaceMessages = {
  keyPlaceLabel: 'Tempat ambil kunci',
  keyPlaceHint: 'Tulis di mana peminjam mengambil kunci, misalnya: Pos satpam gedung B.',
  keyPlaceTooLong: (max: number) => `Tempat ambil kunci maksimal ${max} karakter`,
  contactLabel: 'Kontak pemilik',
  contactHint: 'Nomor WhatsApp, boleh dikosongkan. Contoh: 0812 3456 7890 atau +62 812 3456 7890.',
  contactInvalid: 'Nomor WhatsApp tidak valid. Contoh: 0812 3456 7890 atau +62 812 3456 7890.',
  sectionTitle: 'Ambil kunci',
  save: 'Perbarui tempat kunci',
  saved: 'Tempat ambil kunci sudah disimpan.',
  keyPlaceLine: (place: string) => `Tempat ambil kunci: ${place}`,
  contactLine: (number: string, link: string) => `Kontak pemilik: ${number} (WhatsApp ${link})`,
  contactWhatsApp: (number: string) => `${number} (WhatsApp)`,
  empty: '-',
} as const;
