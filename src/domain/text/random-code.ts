/** `randomBytes` is passed in to keep the domain pure; bytes past the alphabet's largest multiple are dropped, for an even draw. */
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
