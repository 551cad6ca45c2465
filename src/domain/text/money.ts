// By hand rather than Intl (docs/decisions/0027).
export function formatRupiah(amount: number): string {
  return `Rp${String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, '.')}`;
}

/** Where an amount that may be below zero is shown: the owner's chat (`/kas`) or the admin console. */
export type SignedMoneyStyle = 'chat' | 'console';

// Each place keeps the minus its readers have always seen: the chat the keyboard's hyphen, the console U+2212.
const MINUS: Record<SignedMoneyStyle, string> = { chat: '-', console: '\u2212' };

/** The class fund's balance: below zero when more was spent than paid in. */
export function formatSignedRupiah(amount: number, style: SignedMoneyStyle): string {
  return amount < 0 ? `${MINUS[style]}${formatRupiah(-amount)}` : formatRupiah(amount);
}
