/**
 * What the sign-up page sends with a passkey registration that has no session (Better Auth's
 * `context`): the name to show for the new account. One definition for the page and the server.
 */
export interface SignUpContext {
  name: string;
}

export const DISPLAY_NAME_MAX = 60;

export function signUpContext(name: string): string {
  return JSON.stringify({ name } satisfies SignUpContext);
}

export function parseSignUpContext(
  raw: string | null | undefined,
): { ok: true; name: string } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return { ok: false, error: 'Signing up needs a name for the account.' };
  }
  const name = typeof (value as { name?: unknown })?.name === 'string' ? (value as SignUpContext).name : '';
  // Control characters would garble the account list and the authenticator's prompt.
  const clean = name.replace(/\p{Cc}/gu, '').trim();
  if (!clean) return { ok: false, error: 'Signing up needs a name for the account.' };
  if (clean.length > DISPLAY_NAME_MAX)
    return { ok: false, error: `The name is longer than ${DISPLAY_NAME_MAX} characters.` };
  return { ok: true, name: clean };
}
