/**
 * What a passkey registration without a session carries (Better Auth's `context`), one definition
 * for the sign-in page and the server: a sign-up (the account's name, and an invitation when there
 * is one), or a one-time link that adds a passkey to an existing account (another device, recovery).
 */
export type RegistrationContext = { name: string; invite?: string } | { link: string };

export const DISPLAY_NAME_MAX = 60;

export type SignUpPolicy = 'open' | 'invitation';

export function signUpContext(name: string, invite?: string): string {
  return JSON.stringify({ name, ...(invite ? { invite } : {}) } satisfies RegistrationContext);
}

export function linkContext(link: string): string {
  return JSON.stringify({ link } satisfies RegistrationContext);
}

const NAME_NEEDED = 'Signing up needs a name for the account.';

export function parseRegistrationContext(
  raw: string | null | undefined,
): { ok: true; context: RegistrationContext } | { ok: false; error: string } {
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw ?? '');
    if (!parsed || typeof parsed !== 'object') return { ok: false, error: NAME_NEEDED };
    value = parsed as Record<string, unknown>;
  } catch {
    return { ok: false, error: NAME_NEEDED };
  }
  if (typeof value.link === 'string' && value.link) return { ok: true, context: { link: value.link } };
  // Control characters would garble the account list and the authenticator's prompt.
  const name = typeof value.name === 'string' ? value.name.replace(/\p{Cc}/gu, '').trim() : '';
  if (!name) return { ok: false, error: NAME_NEEDED };
  if (name.length > DISPLAY_NAME_MAX)
    return { ok: false, error: `The name is longer than ${DISPLAY_NAME_MAX} characters.` };
  const invite = typeof value.invite === 'string' && value.invite ? value.invite : undefined;
  return { ok: true, context: invite ? { name, invite } : { name } };
}

/** The link a context names, as the server found it (unused and unexpired), or null. */
export interface FoundLink {
  purpose: 'invitation' | 'device' | 'recovery';
  userId: string | null;
  userName: string | null;
}

export type RegistrationDecision =
  | { ok: true; kind: 'new-account'; name: string }
  | { ok: true; kind: 'existing-account'; userId: string; name: string }
  | { ok: false; error: string };

const LINK_GONE = 'This link has expired or was already used; ask for a new one.';

/**
 * Who a registration without a session is for: a new account when sign-up is
 * open or the invitation holds; an existing one only through its own device or recovery link.
 */
export function registrationDecision(
  policy: SignUpPolicy,
  context: RegistrationContext,
  link: FoundLink | null,
): RegistrationDecision {
  if ('link' in context) {
    if (!link || link.purpose === 'invitation' || !link.userId) return { ok: false, error: LINK_GONE };
    return { ok: true, kind: 'existing-account', userId: link.userId, name: link.userName ?? 'User' };
  }
  if (context.invite) {
    if (link?.purpose !== 'invitation') return { ok: false, error: LINK_GONE };
    return { ok: true, kind: 'new-account', name: context.name };
  }
  if (policy === 'invitation')
    return { ok: false, error: 'Sign-up on this host is by invitation: ask its operator for a link.' };
  return { ok: true, kind: 'new-account', name: context.name };
}
