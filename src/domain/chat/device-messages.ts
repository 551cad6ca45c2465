// The linked chats on the card (issue 40): the quoted texts are exact, the rest follow their voice (0044).
// Kept out of `messages`, which every student page loads; the card loads this with its chats.
export const deviceMessages = {
  otherChatLinked: 'Telegram lain ditautkan ke HP ini.',
  linkedChats: (count: number) => `${count} Telegram tertaut ke HP ini.`,
  unlinkAll: 'Putuskan semua Telegram',
  unlinkedAll: 'Semua Telegram sudah diputus dari HP ini.',
};
