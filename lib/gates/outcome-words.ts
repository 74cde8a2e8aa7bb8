import { REFUSAL_REASONS, type RefusalReason } from './answers';

const DECLINED: Record<RefusalReason, string> = {
  cancelled: 'cancelled by you',
  expired: 'timed out: nobody answered',
  'webauthn-unavailable': 'not run: this browser cannot use passkeys',
  'ceremony-failed': 'not run: the passkey check failed',
  'fido2-unavailable': 'not run: the passkey server could not be reached',
  lost: 'not sent: lost when the server restarted',
};

const CODES: Record<string, string> = {
  AUTH_REQUIRED: 'a confirmation or sign-in was missing',
  AUTH_FAILED: 'the check of who you are failed',
  VALIDATION_ERROR: 'the arguments were not valid',
  NOT_FOUND: 'the tool was not found',
  RATE_LIMITED: 'too many calls',
  SERVICE_UNAVAILABLE: 'the server was unavailable',
  UNKNOWN_ERROR: 'an unknown error',
  X_NOT_ALLOWED: 'not allowed from there',
  X_TOOL_CHANGED: 'the tool changed since you trusted it',
  // A sampling request's outcomes (lib/mcp/sampling.ts).
  'rate-limited': 'too many sampling requests from this server',
  'no-model': 'no model is configured for it',
  approval: 'the approval did not match the request',
  MODEL_ERROR: 'the model could not answer',
};

/** What a server did to a trusted tool (lib/mcp/pins.ts), as the log also records it. */
const PIN_EVENTS: Record<string, string> = {
  'tool-new': 'a new tool, added after you trusted the server',
  'tool-changed': 'the tool changed after you trusted it',
  'change-accepted': 'you accepted the change',
  'view-changed': 'the view changed after you trusted it',
};

function codeWords(code: string): string {
  return CODES[code] ?? code;
}

function isReason(value: string): value is RefusalReason {
  return (REFUSAL_REASONS as string[]).includes(value);
}

/**
 * An action log outcome in plain words. The stored outcome stays machine-readable (`ok`,
 * `declined:<reason>`, `refused:<code>`, a 9.1 code, each with a remembered rule's label after it).
 */
export function outcomeWords(outcome: string): string {
  const rule = /^(.*?)( \(approved by .+\))$/.exec(outcome);
  const [base, after] = rule ? [rule[1] ?? outcome, rule[2] ?? ''] : [outcome, ''];
  const [kind, detail] = base.includes(':')
    ? [base.slice(0, base.indexOf(':')), base.slice(base.indexOf(':') + 1)]
    : [base, ''];
  let words: string;
  if (base === 'ok') words = 'done';
  else if (PIN_EVENTS[base]) words = PIN_EVENTS[base];
  else if (kind === 'declined')
    words = isReason(detail) ? DECLINED[detail] : `declined: ${codeWords(detail)}`;
  else if (kind === 'refused') words = `refused by the host, not sent: ${codeWords(detail)}`;
  else words = `failed: ${codeWords(base)}`;
  return `${words}${after}`;
}
