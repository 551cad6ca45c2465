// The waiting list's texts (issue 26): the quoted ones are exact, the rest follow their voice (0044).
// Kept out of `messages`, which every student page loads; the dialog loads this on open.
import { bikeMessages } from '../motor/bike-messages';

const bikeLine = (name: string) => `Motor: ${name}`;

export const waitingListMessages = {
  title: 'Kabari saya kalau kosong',
  intro: 'Kalau jam ini kosong, kami kabari lewat Telegram atau notifikasi dan slotnya ditahan 15 menit untukmu.',
  needsLink: 'Hubungkan Telegram atau nyalakan notifikasi di HP ini supaya kami bisa mengabari kamu.',
  needsBooking: 'Nyalakan notifikasi di HP ini supaya kami bisa mengabari kamu.',
  submit: 'Kabari saya',
  close: 'Tutup',
  saved: (date: string, start: string, end: string) => `Oke, kami kabari kalau ${date} jam ${start}-${end} kosong.`,
  yourWaits: 'Kamu sedang menunggu:',
  tooMany: (max: number) => `Kamu sudah menunggu ${max} slot.`,
  stillFree: 'Jam itu masih kosong, langsung pesan saja.',
  offer: (date: string, start: string, end: string, until: string) =>
    `Slot ${date} jam ${start}-${end} kosong, ditahan untukmu sampai jam ${until}.`,
  takeButton: 'Ambil',
  skipButton: 'Lewati',
  held: (until: string) => `Slot ini sedang ditawarkan ke peminjam lain sampai jam ${until}.`,
  taken: (name: string, date: string, start: string, end: string) => `Berhasil! Motor dipesan untuk ${name} ${date} jam ${start}-${end}.`,
  skipped: 'Oke, slot ini ditawarkan ke peminjam berikutnya.',
  offerEnded: 'Tawaran ini sudah berakhir.',
  bikeLine,
  /** After a wait in a list, with two or more bikes (0062): its bike, or `Motor mana saja` (null); nothing with one (undefined). */
  bikeOfWait: (motor: { name: string } | null | undefined) =>
    motor === undefined ? '' : ` · ${motor === null ? bikeMessages.anyBike : bikeLine(motor.name)}`,
};
