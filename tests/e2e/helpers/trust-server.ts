import { expect } from '@playwright/test';
import { startTrustServer } from '../../fixtures/mcp/trust-server';
import { type Servers, token } from '../fixtures';

/**
 * The trust fixture server, started in the test's process and added to the host under an id made
 * from `prefix`; the caller closes it when the test ends.
 */
export async function addedTrustServer(servers: Servers, prefix: string) {
  const fixture = await startTrustServer();
  const id = token(prefix).slice(0, 12);
  try {
    expect(
      (await servers.register({ id, name: 'Trust', transport: { type: 'http', url: fixture.url } })).status,
    ).toBe(201);
  } catch (error) {
    await fixture.close();
    throw error;
  }
  return { id, fixture };
}
