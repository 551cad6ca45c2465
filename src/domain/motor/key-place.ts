import { z } from 'zod';
import { plainText } from '../text/plain-text';
import { keyPlaceMessages } from './key-place-messages';

export const MAX_KEY_PLACE_LENGTH = 200;

/** E.164 allows at most 15 digits with the country code; an Indonesian mobile number has at least 10. */
const WHATSAPP_DIGITS = /^[1-9]\d{7,14}$/;

/**
 * The digits `wa.me` takes, or undefined when `typed` is not a phone number: a local `08…` becomes
 * `628…`, `+62…` and `62…` keep their country code; spaces, dots, dashes and brackets are only how it was written.
 */
export function whatsAppDigits(typed: string): string | undefined {
  const compact = typed.trim().replace(/[\s.()-]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('0') ? `62${compact.slice(1)}` : compact;
  return WHATSAPP_DIGITS.test(digits) && !digits.startsWith('0') ? digits : undefined;
}

export function whatsAppLink(digits: string): string {
  return `https://wa.me/${digits}`;
}

/** The Motor tab's `Tempat ambil kunci` and `Kontak pemilik`: both may be empty, a contact is a WhatsApp number. */
export const motorSettingsRequestSchema = z.strictObject({
  keyPlace: plainText(keyPlaceMessages.keyPlaceLabel)
    .trim()
    .max(MAX_KEY_PLACE_LENGTH, { error: keyPlaceMessages.keyPlaceTooLong(MAX_KEY_PLACE_LENGTH) }),
  ownerContact: z
    .string({ error: keyPlaceMessages.contactInvalid })
    .max(40, { error: keyPlaceMessages.contactInvalid })
    .refine((value) => value.trim() === '' || whatsAppDigits(value) !== undefined, { error: keyPlaceMessages.contactInvalid }),
});
export type MotorSettingsRequest = z.infer<typeof motorSettingsRequestSchema>;

/** What the admin sees and what a borrower is told: null where nothing is set. */
export const keyInfoSchema = z.object({
  keyPlace: z.string().nullable(),
  ownerContact: z.object({ digits: z.string(), link: z.string() }).nullable(),
});
export type KeyInfo = z.infer<typeof keyInfoSchema>;
export const keyInfoResponseSchema = z.object({ keyInfo: keyInfoSchema });

export function keyInfoOf(stored: { keyPlace: string | null; ownerWhatsApp: string | null }): KeyInfo {
  return {
    keyPlace: stored.keyPlace === null || stored.keyPlace === '' ? null : stored.keyPlace,
    ownerContact: stored.ownerWhatsApp ? { digits: stored.ownerWhatsApp, link: whatsAppLink(stored.ownerWhatsApp) } : null,
  };
}

/** The lines a message tells a borrower (a reminder may add them): none when nothing is set. */
export function keyInfoLines(info: KeyInfo): string[] {
  return [
    ...(info.keyPlace ? [keyPlaceMessages.keyPlaceLine(info.keyPlace)] : []),
    ...(info.ownerContact ? [keyPlaceMessages.contactLine(`+${info.ownerContact.digits}`, info.ownerContact.link)] : []),
  ];
}
