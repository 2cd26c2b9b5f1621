/**
 * Whether `iban` (spaces allowed, any case) is a well-formed IBAN: a country code, two check
 * digits, up to 30 letters and digits, and the ISO 13616 checksum (mod 97 equals 1).
 */
export function ibanIsValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
