/**
 * Placeholders are not secrets: documentation, templates and masked output are full of
 * `password=<your password>`, `postgres://user:${PASSWORD}@db`, `token: ****` and `sk-...`.
 * Withholding them would tell the user nothing and hide ordinary text from the model, so the host's
 * rules that take any value after a label (assignments, headers, URL passwords) ask this first.
 */
import { WITHHELD_MARKER } from './scrub';

/** Words that stand for a value rather than being one (compared case-insensitively). */
const PLACEHOLDER_WORDS = new Set([
  'changeme',
  'change-me',
  'change_me',
  'changeit',
  'example',
  'false',
  'none',
  'null',
  'nil',
  'password',
  'passwd',
  'placeholder',
  'redacted',
  'removed',
  'secret',
  'string',
  'todo',
  'token',
  'true',
  'undefined',
  'your-password',
  'your_password',
  'yourpassword',
  'your-token',
  'your_token',
  'your-secret',
  'your_secret',
  'your-api-key',
  'your_api_key',
  'xxx',
]);

/** Template and variable syntaxes, and masking: a value that is any of these names another value. */
const PLACEHOLDER_SHAPES: readonly RegExp[] = [
  /^\$\{[^}]*\}?$/, // ${PASSWORD}
  /^\$\(.*\)?$/, // $(cat secret)
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // $PASSWORD
  /^%[A-Za-z_][A-Za-z0-9_]*%$/, // %PASSWORD%
  /^\{\{.*\}\}$/, // {{ password }}
  /^\{[A-Za-z_][A-Za-z0-9_.-]*\}$/, // {password}
  /^<[^>]*>?$/, // <your password>
  /^%3C/i, // <...> URL-encoded
  /^\[[^\]]*\]$/, // [REDACTED]
  /^[*xX•.#-]+$/, // ****, xxxx, ...
  /\.\.\.$|…$/, // sk-... (a prefix and an ellipsis)
  /^(?:your|my)[-_]?[a-z_-]*$/i, // your_api_key, mypassword
  /^[a-z_-]*[-_](?:here|goes[-_]here)$/i, // token_here
];

/** Whether a candidate secret is empty or obviously a placeholder (see the module comment). */
export function isPlaceholderSecret(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length === 0) return true;
  if (WITHHELD_MARKER.includes(trimmed)) return true;
  if (PLACEHOLDER_WORDS.has(trimmed.toLowerCase())) return true;
  return PLACEHOLDER_SHAPES.some((shape) => shape.test(trimmed));
}
