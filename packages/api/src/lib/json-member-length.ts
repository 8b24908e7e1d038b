// Watches a JSON body as it streams in for one string member of its top-level object (the GraphQL
// request's "query") and says as soon as that member is longer than a limit, before the body is
// whole, joined into one text or parsed. A signed-in staff member may post 7 MB (imports travel in
// `variables`): without this, a 6.5 MB document would cost its JSON parse (about 50 ms of the event
// loop, more with the join) only to be refused afterwards for its length. The scan reads each chunk
// once as it arrives (a few microseconds per KB, jumping over other strings with indexOf), so it
// never holds the event loop; a body that is not a JSON object is let through untouched (the parser
// refuses it as before).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Keys longer than this cannot be the member watched (which is short): not decoded further. */
const MAX_KEY_LENGTH = 16;

const SIMPLE_ESCAPES: Readonly<Record<number, string>> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The length, in UTF-16 code units (JavaScript's `length`), of the member `key` of a JSON object
 * read chunk by chunk. `push` answers false once a value of that member is longer than `maxLength`.
 */
export class JsonMemberLengthScanner {
  readonly #key: string;
  readonly #maxLength: number;
  /** null until the first significant byte; false when the body is not an object (not watched). */
  #object: boolean | null = null;
  #depth = 0;
  #inString = false;
  /** The string being read is, at depth 1: a key, or the watched member's value. */
  #role: 'key' | 'watched' | 'other' = 'other';
  /** 0: none; -1: just after a backslash; 1 to 4: hex digits of \u still to read. */
  #escape = 0;
  #hex = 0;
  #keyText = '';
  #lastKey = '';
  #expectKey = false;
  #expectValue = false;
  #length = 0;
  #over = false;

  constructor(key: string, maxLength: number) {
    this.#key = key;
    this.#maxLength = maxLength;
  }

  /** Whether a value of the member was longer than the limit. */
  get over(): boolean {
    return this.#over;
  }

  /** Reads the next chunk; false once the member is over its limit. */
  push(chunk: Uint8Array): boolean {
    if (this.#over || this.#object === false) return !this.#over;
    let i = 0;
    const end = chunk.length;
    while (i < end) {
      if (this.#inString) {
        i = this.#readString(chunk, i);
        if (this.#over) return false;
        continue;
      }
      const byte = chunk[i]!;
      i += 1;
      if (isWhitespace(byte)) continue;
      if (this.#object === null) {
        this.#object = byte === 0x7b; // {
        if (!this.#object) return true;
      }
      this.#structural(byte);
    }
    return true;
  }

  #structural(byte: number): void {
    switch (byte) {
      case 0x7b: // {
      case 0x5b: // [
        this.#depth += 1;
        this.#expectKey = this.#depth === 1 && byte === 0x7b;
        this.#expectValue = false;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        this.#depth -= 1;
        return;
      case 0x2c: // ,
        if (this.#depth === 1) this.#expectKey = true;
        return;
      case 0x3a: // :
        if (this.#depth === 1) this.#expectValue = true;
        return;
      case QUOTE:
        this.#inString = true;
        this.#escape = 0;
        if (this.#depth === 1 && this.#expectKey) {
          this.#role = 'key';
          this.#keyText = '';
          this.#expectKey = false;
        } else if (this.#depth === 1 && this.#expectValue && this.#lastKey === this.#key) {
          this.#role = 'watched';
          this.#length = 0;
        } else {
          this.#role = 'other';
        }
        this.#expectValue = false;
        return;
      default:
        if (this.#depth === 1) this.#expectValue = false; // a number, true, false, null
    }
  }

  /** Reads string bytes from `start`; returns where it stopped (after the closing quote, or end). */
  #readString(chunk: Uint8Array, start: number): number {
    let i = start;
    const end = chunk.length;
    while (i < end) {
      if (this.#escape !== 0) {
        i = this.#readEscape(chunk, i);
        continue;
      }
      if (this.#role === 'other') {
        // Jump to the next quote or backslash: nothing else in the string matters here.
        const quote = chunk.indexOf(QUOTE, i);
        const backslash = chunk.indexOf(BACKSLASH, i);
        const next = Math.min(quote === -1 ? end : quote, backslash === -1 ? end : backslash);
        if (next === end) return end;
        i = next;
      }
      const byte = chunk[i]!;
      i += 1;
      if (byte === QUOTE) {
        this.#inString = false;
        if (this.#role === 'key') this.#lastKey = this.#keyText;
        return i;
      }
      if (byte === BACKSLASH) {
        this.#escape = -1;
        continue;
      }
      if (this.#role === 'watched') {
        // UTF-8 to UTF-16 units: a lead byte of 4 is two units, other leads and ASCII one,
        // continuation bytes none.
        if (byte < 0x80 || (byte >= 0xc0 && byte < 0xf0)) this.#grow(1);
        else if (byte >= 0xf0) this.#grow(2);
        if (this.#over) return i;
      } else if (this.#role === 'key' && this.#keyText.length <= MAX_KEY_LENGTH) {
        this.#keyText += byte < 0x80 ? String.fromCharCode(byte) : '\ufffd';
      }
    }
    return i;
  }

  #readEscape(chunk: Uint8Array, start: number): number {
    const byte = chunk[start]!;
    if (this.#escape === -1) {
      if (byte === 0x75) {
        // \u: four hex digits follow.
        this.#escape = 4;
        this.#hex = 0;
      } else {
        this.#escape = 0;
        this.#escapedChar(SIMPLE_ESCAPES[byte] ?? '\ufffd');
      }
      return start + 1;
    }
    this.#hex = this.#hex * 16 + (Number.parseInt(String.fromCharCode(byte), 16) || 0);
    this.#escape -= 1;
    if (this.#escape === 0) this.#escapedChar(String.fromCharCode(this.#hex));
    return start + 1;
  }

  #escapedChar(char: string): void {
    if (this.#role === 'watched') this.#grow(1);
    else if (this.#role === 'key' && this.#keyText.length <= MAX_KEY_LENGTH) {
      this.#keyText += char;
    }
  }

  #grow(units: number): void {
    this.#length += units;
    if (this.#length > this.#maxLength) this.#over = true;
  }
}
