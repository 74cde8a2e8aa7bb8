import { plainJsonStringSize } from './plain-json-string';

/**
 * The UTF-8 byte length of `JSON.stringify(value)` without building the string (10.4's size bound on
 * a derived result, 1 MB, measured on every result). Stops as soon as the count passes `limit`, so
 * an oversized result costs no more than the limit to refuse. Values the parser can produce only:
 * objects, arrays, strings, finite numbers, booleans and null (what JSON.stringify drops or turns
 * into null is counted the same way).
 */
export function jsonByteSize(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  // A marker on the stack: the separators and brackets are counted when a container is entered.
  while (stack.length > 0) {
    if (total > limit) return total;
    const item = stack.pop();
    if (item === null) total += 4;
    else if (typeof item === 'string') total += stringSize(item);
    else if (typeof item === 'number') total += Number.isFinite(item) ? String(item).length : 4;
    else if (typeof item === 'boolean') total += item ? 4 : 5;
    else if (typeof item === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    else if (Array.isArray(item)) {
      total += 2 + Math.max(item.length - 1, 0);
      for (let i = item.length - 1; i >= 0; i--) {
        const element = item[i];
        stack.push(
          element === undefined || typeof element === 'function' || typeof element === 'symbol'
            ? null
            : element,
        );
      }
    } else if (typeof item === 'object') {
      total += 2;
      let members = 0;
      for (const key of Object.keys(item)) {
        const member = (item as Record<string, unknown>)[key];
        if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
        total += stringSize(key) + 1;
        members++;
        stack.push(member);
      }
      total += Math.max(members - 1, 0);
    }
  }
  return total;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters JSON escapes
const NEEDS_WORK = /[\u0000-\u001f"\\\u007f-\uffff]/;

/** From this length a string is measured by native scans (a JS loop over each character costs more). */
const LONG = 256;

type Utf8Length = (text: string) => number;

/** The runtime's native UTF-8 count where there is one (Node's Buffer; this module also loads in browsers). */
const nativeUtf8Length: Utf8Length | undefined = (() => {
  const runtime = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer;
  return runtime ? (text) => runtime.byteLength(text, 'utf8') : undefined;
})();

/** JSON.stringify's escapes of the control characters: \b \t \n \f \r take 2 bytes, the rest \u00XX 6. */
const CONTROL = Array.from({ length: 0x20 }, (_, code) => ({
  char: String.fromCharCode(code),
  extra: code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 1 : 5,
}));

function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * A long well-formed string: its UTF-8 length plus what each escape adds, every count a native scan
 * (`indexOf`), which is several times faster than one regular expression or loop over it.
 */
function longStringSize(text: string, utf8Length: Utf8Length): number {
  let size = utf8Length(text) + 2 + occurrences(text, '"') + occurrences(text, '\\');
  for (const { char, extra } of CONTROL) size += occurrences(text, char) * extra;
  return size;
}

/** Quotes included; escapes as JSON.stringify writes them (well-formed: lone surrogates as \uXXXX). */
function stringSize(text: string): number {
  if (text.length >= LONG) {
    const plain = plainJsonStringSize(text);
    if (plain !== undefined) return plain;
    if (nativeUtf8Length && text.isWellFormed()) return longStringSize(text, nativeUtf8Length);
  }
  if (!NEEDS_WORK.test(text)) return text.length + 2;
  let size = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) size += 2;
    else if (code < 0x20)
      size += code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
    else if (code < 0x80) size += 1;
    else if (code < 0x800) size += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        size += 4;
        i++;
      } else size += 6;
    } else if (code >= 0xdc00 && code <= 0xdfff) size += 6;
    else size += 3;
  }
  return size;
}
