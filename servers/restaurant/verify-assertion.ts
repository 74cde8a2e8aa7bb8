/**
 * 7.2 Phase 6: the MCPlet backend verifies the assertion the host injected into
 * `params._meta.mcplet_auth` with the FIDO2 server, synchronously, before it acts.
 */
export type Verification =
  | { ok: true }
  | { ok: false; code: 'AUTH_REQUIRED' | 'AUTH_FAILED' | 'SERVICE_UNAVAILABLE'; message: string };

export async function verifyAssertion(
  auth: unknown,
  binding: { server: string; tool: string; arguments: Record<string, unknown> },
  fido2Url = process.env.FIDO2_SERVER_URL,
): Promise<Verification> {
  if (!auth || typeof auth !== 'object' || (auth as { type?: unknown }).type !== 'passkey_assertion') {
    return {
      ok: false,
      code: 'AUTH_REQUIRED',
      message: 'This action needs a passkey assertion in params._meta.mcplet_auth.',
    };
  }
  if (!fido2Url)
    return {
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'No FIDO2 server is configured for this MCPlet.',
    };
  let response: Response;
  try {
    response = await fetch(`${fido2Url.replace(/\/+$/, '')}/auth/verify-assertion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assertion: auth, binding }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'The FIDO2 server cannot be reached.' };
  }
  if (response.status >= 500)
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'The FIDO2 server failed.' };
  const body = (await response.json().catch(() => ({}))) as { verified?: unknown; reason?: unknown };
  if (response.ok && body.verified === true) return { ok: true };
  return {
    ok: false,
    code: 'AUTH_FAILED',
    message: `Passkey verification failed${typeof body.reason === 'string' ? `: ${body.reason}` : '.'}`,
  };
}
