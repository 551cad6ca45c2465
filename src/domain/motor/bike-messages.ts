// Issue 43's labels are exact; the rest follow their voice (0060).
export const bikeMessages = {
  label: 'Motor',
  anyBike: 'Motor mana saja',
  bikeUnavailable: 'Motor ini tidak menerima peminjaman. Pilih motor lain atau Motor mana saja.',
  noActiveBike: 'Belum ada motor yang aktif. Hubungi admin.',
} as const;
