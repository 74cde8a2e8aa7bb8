import type {
  startAuthentication as StartAuthentication,
  startRegistration as StartRegistration,
} from '@simplewebauthn/browser';

/**
 * @simplewebauthn/browser, fetched when a ceremony is near rather than with every page (to keep it
 * out of the chat's first-load JavaScript). Each ceremony already awaits its options from the server
 * before it calls the authenticator, so the import adds no await a user gesture did not have.
 */
const library = () => import('@simplewebauthn/browser');

/** Starts fetching the library (a passkey step is on screen), so the ceremony does not wait for it. */
export function preloadWebAuthn(): void {
  void library().catch(() => {});
}

export async function startRegistration(
  ...args: Parameters<typeof StartRegistration>
): ReturnType<typeof StartRegistration> {
  return (await library()).startRegistration(...args);
}

export async function startAuthentication(
  ...args: Parameters<typeof StartAuthentication>
): ReturnType<typeof StartAuthentication> {
  return (await library()).startAuthentication(...args);
}

/** Whether this browser has WebAuthn at all (the check the library makes). */
export function browserSupportsWebAuthn(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}
