/**
 * `plain-json-string.wat`, compiled (its test compiles the source with wabt and compares): a
 * WebAssembly SIMD scan, 16 bytes at a time, for any byte JSON escapes.
 */
export const PLAIN_SCAN_WASM =
  'AGFzbQEAAAABBgFgAX8BfwMCAQAFAwEAAQcSAgZtZW1vcnkCAAVwbGFpbgAACsgBAcUBAgF/BXtBIP0PIQRBIv0PIQVB3AD9DyEGAkADQCABIABPDQEgAf0ABAAhAyACIAMgBP0mIAMgBf0jIAMgBv0j/VD9UP1QIQIgAf0ABBAhAyACIAMgBP0mIAMgBf0jIAMgBv0j/VD9UP1QIQIgAf0ABCAhAyACIAMgBP0mIAMgBf0jIAMgBv0j/VD9UP1QIQIgAf0ABDAhAyACIAMgBP0mIAMgBf0jIAMgBv0j/VD9UP1QIQIgAUHAAGohAQwACwsgAv1TRQs=';

/** Strings up to this many characters are scanned (their UTF-8 takes at most three times as many bytes). */
export const PLAIN_SCAN_MAX_CHARS = 1 << 20;

const STEP = 64;
/** 'A': a byte that needs no escape, written after the text up to the next whole step. */
const PAD = 0x41;

interface Scanner {
  memory: WebAssembly.Memory;
  plain(length: number): number;
}

type NodeBuffer = { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> };

let scanner: Scanner | null | undefined;
const encoder = new TextEncoder();

/** Server only (Node's Buffer decodes the bytes); null where WebAssembly is missing or refused. */
function loadScanner(): Scanner | null {
  const runtime = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (!runtime || typeof WebAssembly === 'undefined') return null;
  try {
    const module = new WebAssembly.Module(runtime.from(PLAIN_SCAN_WASM, 'base64'));
    return new WebAssembly.Instance(module).exports as unknown as Scanner;
  } catch {
    return null;
  }
}

/**
 * A string's size as JSON.stringify writes it (quotes included, UTF-8) when no character in it needs
 * an escape; undefined when one does, when it holds a lone surrogate, or when it cannot be scanned
 * here (too long, no WebAssembly): the caller then counts the escapes itself. One UTF-8 encode and
 * one SIMD pass, where counting each escapable character natively takes 34 passes.
 */
export function plainJsonStringSize(text: string): number | undefined {
  if (text.length > PLAIN_SCAN_MAX_CHARS || !text.isWellFormed()) return undefined;
  if (scanner === undefined) scanner = loadScanner();
  if (!scanner) return undefined;
  const needed = text.length * 3 + STEP;
  const { memory } = scanner;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
  const bytes = new Uint8Array(memory.buffer);
  const { written } = encoder.encodeInto(text, bytes);
  // The bytes past the text may hold an earlier, longer string's.
  bytes.fill(PAD, written, written + STEP);
  return scanner.plain(Math.ceil(written / STEP) * STEP) === 1 ? written + 2 : undefined;
}
