// By hand rather than Intl (docs/decisions/0027).
export function formatRupiah(amount: number): string {
  return `Rp${String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, '.')}`;
}

/** Each place keeps the minus its readers have always seen: the owner's chat (`/kas`) a hyphen, the admin console U+2212. */
export type SignedMoneyStyle = 'chat' | 'console';

const MINUS: Record<SignedMoneyStyle, string> = { chat: '-', console: '\u2212' };

/** The class fund's balance: below zero when more was spent than paid in. */
export function formatSignedRupiah(amount: number, style: SignedMoneyStyle): string {
  return amount < 0 ? `${MINUS[style]}${formatRupiah(-amount)}` : formatRupiah(amount);
}
