const thousands = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** 10000 → 'Rp10.000', as Indonesians write prices (no space, dots between thousands). */
export function formatRupiah(amount: number): string {
  return `Rp${thousands.format(amount)}`;
}
