'use client';

async function errorOf(response: Response): Promise<string> {
  try {
    return ((await response.json()) as { error?: string }).error ?? `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

/**
 * Connect: asks the host to start the server's OAuth sign-in and sends the browser to
 * the authorization server, coming back to this page. Resolves with an error to show, or with
 * nothing when the server connected without a browser round trip.
 */
export async function startSignIn(serverId: string): Promise<string | undefined> {
  try {
    const response = await fetch(`/api/servers/${encodeURIComponent(serverId)}/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnTo: `${window.location.pathname}${window.location.search}` }),
    });
    if (!response.ok) return await errorOf(response);
    const answer = (await response.json()) as { kind: 'connected' } | { kind: 'redirect'; url: string };
    if (answer.kind === 'redirect') window.location.assign(answer.url);
    return undefined;
  } catch {
    return 'The host could not be reached.';
  }
}
