/**
 * `length` characters from `alphabet`, drawn from `randomBytes` (a cryptographically secure
 * source passed in, so the domain stays pure). Bytes past the largest multiple of the
 * alphabet's size are discarded so every character is equally likely.
 */
export function randomCode(alphabet: string, length: number, randomBytes: (size: number) => Uint8Array): string {
  const limit = 256 - (256 % alphabet.length);
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && code.length < length) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}
