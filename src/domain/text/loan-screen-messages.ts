// Issue 38's late line is exact (0051). Apart from messages.ts: only the card's chunk needs it, not the first load of `/`.
export const loanScreenMessages = {
  lateSoFar: (minutes: number, fine: string) => `Terlambat ${minutes} menit · denda sejauh ini ${fine}`,
} as const;
