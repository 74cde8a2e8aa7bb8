import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { callBinding } from '../../lib/trust/canonical';
import { bindingHash, ChallengeBook } from './challenges';
import { CredentialStore } from './store';

export interface PasskeyConfig {
  rpId: string;
  rpName: string;
  /** Origins a ceremony may come from (the host's public origin). */
  origins: string[];
  storeFile: string;
  /** Lifetime of an assertion challenge; under 60 s (7.3.2). Tests shorten it. */
  assertionTtlMs?: number;
}

/** The assertion as a host injects it into `params._meta.mcplet_auth` (spec 7.3.1). */
export interface McpletAuth {
  type: 'passkey_assertion';
  credentialId: string;
  challenge: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

interface Binding {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

const MAX_BODY = 200_000;

export const ENROLMENT_PROOF_REQUIRED =
  'Adding another passkey needs an assertion with one you already have.';

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch {
        reject(new Error('invalid JSON'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function isBinding(value: unknown): value is Binding {
  const b = value as Binding | null;
  return (
    !!b &&
    typeof b.server === 'string' &&
    typeof b.tool === 'string' &&
    !!b.arguments &&
    typeof b.arguments === 'object'
  );
}

function isUserId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_.@-]{1,100}$/.test(value);
}

/** How a registration was allowed: a user's first credential, or proved with an existing one. */
type RegistrationGrant = 'first' | 'proved';

/**
 * A FIDO2 relying party (spec 7.1.2, 7.3.2): registration, assertion challenges bound to one call
 * that expire in under 60 s and are single-use, and `POST /auth/verify-assertion`, which MCPlet
 * backends call server-to-server for a definite yes or no. A user who has a credential adds
 * another only with an assertion answering an enrolment challenge (`POST /enrolment/challenge`).
 */
export function passkeyHandler(config: PasskeyConfig) {
  const store = new CredentialStore(config.storeFile);
  const book = new ChallengeBook(Math.min(config.assertionTtlMs ?? 55_000, 59_000));

  /** Checks an assertion's signature, origin, rpId and user verification against one credential of the user. */
  async function verifySignature(
    userId: string,
    challenge: string,
    auth: Partial<McpletAuth>,
  ): Promise<{ verified: true; credentialId: string } | { verified: false; reason: string }> {
    const credential = store.user(userId)?.credentials.find((c) => c.id === auth.credentialId);
    if (!credential) return { verified: false, reason: 'unknown credential' };
    const response: AuthenticationResponseJSON = {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: String(auth.clientDataJSON ?? ''),
        authenticatorData: String(auth.authenticatorData ?? ''),
        signature: String(auth.signature ?? ''),
        ...(auth.userHandle ? { userHandle: auth.userHandle } : {}),
      },
    };
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: config.origins,
        expectedRPID: config.rpId,
        credential: {
          id: credential.id,
          publicKey: Buffer.from(credential.publicKey, 'base64url'),
          counter: credential.counter,
        },
        requireUserVerification: true,
      });
      if (!result.verified) return { verified: false, reason: 'the signature did not verify' };
      store.updateCounter(userId, credential.id, result.authenticationInfo.newCounter);
      return { verified: true, credentialId: credential.id };
    } catch (error) {
      return { verified: false, reason: error instanceof Error ? error.message : 'verification failed' };
    }
  }

  async function verifyAssertion(body: Record<string, unknown>) {
    const auth = body.assertion as Partial<McpletAuth> | undefined;
    if (auth?.type !== 'passkey_assertion' || typeof auth.challenge !== 'string') {
      return { verified: false, reason: 'no passkey assertion' };
    }
    if (!isBinding(body.binding)) return { verified: false, reason: 'no call binding' };
    const record = book.takeAssertion(auth.challenge);
    if ('error' in record) return { verified: false, reason: record.error };
    const expected = bindingHash(
      callBinding(body.binding.server, body.binding.tool, body.binding.arguments),
    ).toString('base64url');
    if (expected !== record.bindingHash)
      return { verified: false, reason: 'the assertion was issued for another call' };
    const result = await verifySignature(record.userId, record.challenge, auth);
    return result.verified ? { verified: true, userId: record.userId } : result;
  }

  /**
   * Who may register a credential now: anyone for a user's first one (Phase 3: it authorises
   * nothing); for a user who has one, only an assertion by one of theirs answering an enrolment
   * challenge issued for them (docs/security.md, "Passkey assertions").
   */
  async function registrationGrant(
    userId: string,
    proof: unknown,
  ): Promise<{ grant: RegistrationGrant } | { error: string }> {
    if (!store.user(userId)?.credentials.length) return { grant: 'first' };
    const auth = proof as Partial<McpletAuth> | undefined;
    if (!auth || typeof auth !== 'object' || typeof auth.challenge !== 'string')
      return { error: ENROLMENT_PROOF_REQUIRED };
    const record = book.takeEnrolment(auth.challenge, userId);
    if ('error' in record) return { error: `${ENROLMENT_PROOF_REQUIRED} (${record.error})` };
    const result = await verifySignature(userId, record.challenge, auth);
    if (!result.verified) return { error: `${ENROLMENT_PROOF_REQUIRED} (${result.reason})` };
    return { grant: 'proved' };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://passkey');
    try {
      if (req.method === 'GET' && url.pathname === '/health')
        return send(res, 200, { ok: true, rpId: config.rpId });
      const user = /^\/users\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && user) {
        const found = isUserId(user[1]) ? store.user(user[1]) : undefined;
        return send(res, 200, {
          registered: (found?.credentials.length ?? 0) > 0,
          credentials: found?.credentials.length ?? 0,
        });
      }
      if (req.method !== 'POST') return send(res, 404, { error: 'not found' });
      const body = await readJson(req);
      if (url.pathname === '/registration/options') {
        if (!isUserId(body.userId)) return send(res, 400, { error: 'userId is required' });
        const allowed = await registrationGrant(body.userId, body.enrolment);
        if ('error' in allowed)
          return send(res, 403, { error: allowed.error, code: 'ENROLMENT_PROOF_REQUIRED' });
        const name = typeof body.userName === 'string' ? body.userName.slice(0, 64) : body.userId;
        const stored = store.ensureUser(body.userId, name, () => randomBytes(32).toString('base64url'));
        const options = await generateRegistrationOptions({
          rpName: config.rpName,
          rpID: config.rpId,
          userName: stored.name,
          userID: Buffer.from(stored.handle, 'base64url'),
          attestationType: 'none',
          excludeCredentials: stored.credentials.map((c) => ({ id: c.id })),
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        });
        book.issueRegistration(body.userId, options.challenge);
        return send(res, 200, { options, enrolment: allowed.grant });
      }
      if (url.pathname === '/registration/verify') {
        if (!isUserId(body.userId)) return send(res, 400, { error: 'userId is required' });
        const challenge = book.takeRegistration(body.userId);
        if (!challenge)
          return send(res, 400, { verified: false, reason: 'no registration in progress, or it expired' });
        const result = await verifyRegistrationResponse({
          response: body.response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: config.origins,
          expectedRPID: config.rpId,
          requireUserVerification: true,
        });
        if (!result.verified || !result.registrationInfo)
          return send(res, 400, { verified: false, reason: 'registration failed' });
        const { credential } = result.registrationInfo;
        store.addCredential(body.userId, {
          id: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports,
          createdAt: new Date().toISOString(),
        });
        return send(res, 200, { verified: true });
      }
      if (url.pathname === '/auth/challenge') {
        if (!isUserId(body.userId) || !isBinding(body.binding))
          return send(res, 400, { error: 'userId and binding are required' });
        const stored = store.user(body.userId);
        if (!stored?.credentials.length) return send(res, 409, { error: 'the user has no passkey yet' });
        const record = book.issueAssertion(
          body.userId,
          callBinding(body.binding.server, body.binding.tool, body.binding.arguments),
        );
        const options = await generateAuthenticationOptions({
          rpID: config.rpId,
          challenge: Buffer.from(record.challenge, 'base64url'),
          allowCredentials: stored.credentials.map((c) => ({ id: c.id, transports: c.transports })),
          userVerification: 'required',
          timeout: 55_000,
        });
        return send(res, 200, { options, challenge: record.challenge, expiresAt: record.expiresAt });
      }
      if (url.pathname === '/enrolment/challenge') {
        if (!isUserId(body.userId)) return send(res, 400, { error: 'userId is required' });
        const stored = store.user(body.userId);
        if (!stored?.credentials.length)
          return send(res, 409, { error: 'the user has no passkey yet; the first needs no proof' });
        const record = book.issueEnrolment(body.userId);
        const options = await generateAuthenticationOptions({
          rpID: config.rpId,
          challenge: Buffer.from(record.challenge, 'base64url'),
          allowCredentials: stored.credentials.map((c) => ({ id: c.id, transports: c.transports })),
          userVerification: 'required',
          timeout: 55_000,
        });
        return send(res, 200, { options, challenge: record.challenge, expiresAt: record.expiresAt });
      }
      if (url.pathname === '/auth/verify-assertion') return send(res, 200, await verifyAssertion(body));
      return send(res, 404, { error: 'not found' });
    } catch (error) {
      return send(res, 400, { error: error instanceof Error ? error.message : 'bad request' });
    }
  };
}

export async function listenPasskey(
  port: number,
  config: PasskeyConfig,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const handle = passkeyHandler(config);
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
