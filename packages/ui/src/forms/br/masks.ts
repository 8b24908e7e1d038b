// Input masks for Brazilian documents: they format what the shopper types, digit by digit, so
// the field always shows the familiar shape ('123.456.789-09', '01310-100', '(11) 98765-4321').

/** Only the digits of the input. */
export function onlyDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** Lays `digits` over a pattern where '9' takes one digit; stops where the digits end. */
function applyPattern(digits: string, pattern: string): string {
  let result = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '9') {
      result += digits[next];
      next += 1;
    } else {
      result += char;
    }
  }
  return result;
}

/** '12345678909' -> '123.456.789-09'; partial input is formatted as far as it goes. */
export function maskCpf(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 11), '999.999.999-99');
}

/** '01310100' -> '01310-100'. */
export function maskCep(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 8), '99999-999');
}

/**
 * '11987654321' -> '(11) 98765-4321'; '1134567890' -> '(11) 3456-7890'. The hyphen moves once
 * an eleventh digit makes it a mobile number.
 */
export function maskPhone(input: string): string {
  let digits = onlyDigits(input);
  // Pasted with the country code: +55 11 98765-4321.
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  digits = digits.slice(0, 11);
  if (digits.length <= 10) return applyPattern(digits, '(99) 9999-9999');
  return applyPattern(digits, '(99) 99999-9999');
}
