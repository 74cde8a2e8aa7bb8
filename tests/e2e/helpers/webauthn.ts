import type { CDPSession, Page } from '@playwright/test';

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** Chromium's CDP virtual authenticator: a platform authenticator with user verification. */
export async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials(): Promise<VirtualCredential[]> {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
        .credentials as VirtualCredential[];
    },
    async add(credential: VirtualCredential) {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
    async remove(credentialId: string) {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId });
    },
  };
}
