import { escapeLegacyMarkdown } from '../chat/telegram-text';

export const bikeNameMessages = {
  everyBike: 'Semua motor',
  chooser: 'Pilih motor',
  unknownBike: 'Motor tidak ditemukan. Pakai nomor motor yang ada, misalnya /kalender.ics?motor=1.',
  /** The one form every borrower message and push names its bike in: a last line. */
  chatLine: (name: string) => `Motor: ${escapeLegacyMarkdown(name)}`,
} as const;
