import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** A browser's side of a push subscription: its P-256 key pair and auth secret, as `PushSubscription.toJSON()` gives them. */
export interface TestPushKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}`), Buffer.from([0])]);
const hkdf = (salt: Buffer, ikm: Buffer, label: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, label, length));

/**
 * New keys for a test subscription, and the user agent's decryption of an `aes128gcm` body (RFC 8188
 * header, RFC 8291 keys): written here from the RFCs, so a wrong encryption in the app fails the test.
 */
export function createTestPushKeys(): TestPushKeys {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt: (body) => {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info'), Buffer.from([0]), uaPublic, asPublic]);
      const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
      const cek = hkdf(salt, ikm, info('aes128gcm'), 16);
      const nonce = hkdf(salt, ikm, info('nonce'), 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('push body: no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
