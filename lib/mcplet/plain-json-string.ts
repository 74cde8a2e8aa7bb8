/**
 * `plain-json-string.wat`, compiled (its test compiles the source with wabt and compares): a
 * WebAssembly SIMD scan, 16 bytes at a time, for control characters.
 */
export const PLAIN_SCAN_WASM =
  'AGFzbQEAAAABBgFgAX8BfwMCAQAFAwEAAQcSAgZtZW1vcnkCAAVwbGFpbgAACl4BXAIBfwJ7QSD9DyEDAkADQCABIABPDQEgAiAB/QAEACAD/SYgAf0ABBAgA/0m/VAgAf0ABCAgA/0mIAH9AAQwIAP9Jv1Q/VD9UCECIAFBwABqIQEMAAsLIAL9U0UL';

/** Strings up to this many characters are scanned (their UTF-8 takes at most three times as many bytes). */
export const PLAIN_SCAN_MAX_CHARS = 1 << 20;

const STEP = 64;
/** 'A': a byte that needs no escape, written after the text up to the next whole step. */
const PAD = 0x41;

interface Exports {
  memory: WebAssembly.Memory;
  plain(length: number): number;
}

/** The parts of Node's Buffer used here (this module also loads in browsers, where there is none). */
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer>;
  from(memory: ArrayBuffer): { latin1Write(text: string, offset: number): number };
  byteLength(text: string, encoding: 'utf8'): number;
}

interface Scanner {
  exports: Exports;
  runtime: NodeBuffer;
}

let scanner: Scanner | null | undefined;
const encoder = new TextEncoder();

/** Server only (Node's Buffer); null where WebAssembly is missing or refused. */
function loadScanner(): Scanner | null {
  const runtime = (globalThis as unknown as { Buffer?: NodeBuffer }).Buffer;
  if (!runtime || typeof WebAssembly === 'undefined') return null;
  try {
    const module = new WebAssembly.Module(runtime.from(PLAIN_SCAN_WASM, 'base64'));
    return { exports: new WebAssembly.Instance(module).exports as unknown as Exports, runtime };
  } catch {
    return null;
  }
}

/**
 * A string's size as JSON.stringify writes it (quotes included, UTF-8) when no character in it needs
 * an escape; undefined when one does, when it holds a lone surrogate, or when it cannot be scanned
 * here (too long, no WebAssembly): the caller then counts the escapes itself. The string is copied
 * into the module's memory once (an ASCII string as its Latin-1 bytes, which are its UTF-8: a plain
 * copy, several times cheaper than encoding) and scanned for control characters in one SIMD pass,
 * where counting each of them natively takes 32 passes.
 */
export function plainJsonStringSize(text: string): number | undefined {
  if (text.length > PLAIN_SCAN_MAX_CHARS || !text.isWellFormed()) return undefined;
  // The two printable characters JSON escapes: one native pass each, before anything is copied.
  if (text.includes('"') || text.includes('\\')) return undefined;
  if (scanner === undefined) scanner = loadScanner();
  if (!scanner) return undefined;
  const { exports, runtime } = scanner;
  const needed = text.length * 3 + STEP;
  const { memory } = exports;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
  const bytes = new Uint8Array(memory.buffer);
  const ascii = runtime.byteLength(text, 'utf8') === text.length;
  const written = ascii
    ? runtime.from(memory.buffer).latin1Write(text, 0)
    : encoder.encodeInto(text, bytes).written;
  // The bytes past the text may hold an earlier, longer string's.
  bytes.fill(PAD, written, written + STEP);
  return exports.plain(Math.ceil(written / STEP) * STEP) === 1 ? written + 2 : undefined;
}
