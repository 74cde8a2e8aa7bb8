import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../tests/fixtures/webauthn/soft-authenticator';
import { listenRestaurant } from '../restaurant/http';
import { listenPasskey } from './app';

const ORIGIN = 'http://localhost:3000';
const dir = mkdtempSync(join(tmpdir(), 'passkey-'));
const reservations = join(dir, 'reservations.jsonl');
const authenticator = new SoftAuthenticator();
let passkey: Awaited<ReturnType<typeof listenPasskey>>;
let restaurant: Awaited<ReturnType<typeof listenRestaurant>>;
let client: Client;

const booking = { restaurantId: 'r-sakura', date: '2099-05-01', time: '19:00', partySize: 2, name: 'Ada' };

async function post(path: string, body: unknown) {
  const response = await fetch(`${passkey.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function challengeFor(args: Record<string, unknown>): Promise<string> {
  const body = await post('/auth/challenge', {
    userId: 'local',
    binding: { server: 'restaurant-mcplet', tool: 'create_reservation', arguments: args },
  });
  return body.challenge as string;
}

function booked(): number {
  try {
    return readFileSync(reservations, 'utf8').trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

async function reserve(args: Record<string, unknown>, auth?: unknown) {
  const result = await client.callTool({
    name: 'create_reservation',
    arguments: args,
    _meta: auth ? { mcplet_auth: auth } : undefined,
  });
  return result as { isError?: boolean; structuredContent?: { error?: { code: string; message: string } } };
}

beforeAll(async () => {
  passkey = await listenPasskey(0, {
    rpId: 'localhost',
    rpName: 'Test',
    origins: [ORIGIN],
    storeFile: join(dir, 'creds.json'),
    assertionTtlMs: 300,
  });
  process.env.FIDO2_SERVER_URL = passkey.url;
  process.env.RESERVATIONS_FILE = reservations;
  restaurant = await listenRestaurant(0);
  client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(restaurant.url)));
  const { options } = (await post('/registration/options', { userId: 'local', userName: 'local' })) as {
    options: { challenge: string; rp: { id?: string }; user: { id: string } };
  };
  expect(
    await post('/registration/verify', {
      userId: 'local',
      response: authenticator.register(options, ORIGIN),
    }),
  ).toEqual({ verified: true });
});

afterAll(async () => {
  await client.close();
  await restaurant.close();
  await passkey.close();
});

describe('7.2 Phase 6: the demo backend verifies before it acts', () => {
  it('7.2: books only with an assertion obtained for exactly this call', async () => {
    const before = booked();
    const result = await reserve(
      booking,
      authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN),
    );
    expect(result.isError).toBeFalsy();
    expect(booked()).toBe(before + 1);
  });

  it('9.1 AUTH_REQUIRED: a missing assertion executes nothing', async () => {
    const before = booked();
    const result = await reserve(booking);
    expect(result.structuredContent?.error?.code).toBe('AUTH_REQUIRED');
    expect(booked()).toBe(before);
  });

  it('passkey assertions: a replayed assertion is refused', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN);
    expect((await reserve(booking, auth)).isError).toBeFalsy();
    const before = booked();
    const replay = await reserve(booking, auth);
    expect(replay.structuredContent?.error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/already used/),
    });
    expect(booked()).toBe(before);
  });

  it('passkey assertions: an expired challenge is refused (TTL under 60 s)', async () => {
    const challenge = await challengeFor(booking);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = booked();
    const result = await reserve(booking, authenticator.assert(challenge, 'localhost', ORIGIN));
    expect(result.structuredContent?.error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/expired/),
    });
    expect(booked()).toBe(before);
  });

  it('passkey assertions: an assertion issued for other arguments is refused', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN);
    const before = booked();
    const result = await reserve({ ...booking, partySize: 12 }, auth);
    expect(result.structuredContent?.error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/another call/),
    });
    expect(booked()).toBe(before);
  });

  it('passkey assertions: a tampered signature is refused', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN);
    const signature = Buffer.from(auth.signature, 'base64url');
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
    const before = booked();
    const result = await reserve(booking, { ...auth, signature: signature.toString('base64url') });
    expect(result.structuredContent?.error?.code).toBe('AUTH_FAILED');
    expect(booked()).toBe(before);
  });

  it('passkey assertions: user verification downgraded to presence only is refused', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN, {
      userVerified: false,
    });
    const before = booked();
    const result = await reserve(booking, auth);
    expect(result.structuredContent?.error?.code).toBe('AUTH_FAILED');
    expect(booked()).toBe(before);
  });

  it('passkey assertions: an assertion from another origin is refused', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', 'http://evil.example');
    const before = booked();
    expect((await reserve(booking, auth)).structuredContent?.error?.code).toBe('AUTH_FAILED');
    expect(booked()).toBe(before);
  });

  it('7.4: the FIDO2 server being down gives SERVICE_UNAVAILABLE and executes nothing', async () => {
    const auth = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN);
    const saved = process.env.FIDO2_SERVER_URL;
    process.env.FIDO2_SERVER_URL = 'http://127.0.0.1:9';
    try {
      const before = booked();
      expect((await reserve(booking, auth)).structuredContent?.error?.code).toBe('SERVICE_UNAVAILABLE');
      expect(booked()).toBe(before);
    } finally {
      process.env.FIDO2_SERVER_URL = saved;
    }
  });
});

describe('the FIDO2 server', () => {
  it('7.3.2: assertion challenges are bound to the call: nonce followed by the call hash', async () => {
    const a = Buffer.from(await challengeFor(booking), 'base64url');
    const b = Buffer.from(await challengeFor(booking), 'base64url');
    expect(a.length).toBe(48);
    expect(a.subarray(16).equals(b.subarray(16))).toBe(true);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
  });

  it('Phase 3: knows who has a passkey; a challenge for a user without one is refused', async () => {
    expect(await (await fetch(`${passkey.url}/users/local`)).json()).toEqual({
      registered: true,
      credentials: 1,
    });
    expect(await (await fetch(`${passkey.url}/users/nobody`)).json()).toEqual({
      registered: false,
      credentials: 0,
    });
    expect(
      await post('/auth/challenge', { userId: 'nobody', binding: { server: 's', tool: 't', arguments: {} } }),
    ).toMatchObject({
      error: 'the user has no passkey yet',
    });
  });

  it('keeps credentials on disk', () => {
    const stored = JSON.parse(readFileSync(join(dir, 'creds.json'), 'utf8'));
    expect(stored.users.local.credentials[0].id).toBe(authenticator.id);
  });
});

describe('passkey assertions: a user who has a passkey adds another only with an assertion by one they have', () => {
  async function postStatus(path: string, body: unknown) {
    const response = await fetch(`${passkey.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function enrolmentChallenge(userId: string): Promise<string> {
    return (await post('/enrolment/challenge', { userId })).challenge as string;
  }

  async function proofBy(by: SoftAuthenticator, userId = 'local') {
    return by.assert(await enrolmentChallenge(userId), 'localhost', ORIGIN);
  }

  /** Runs registration for a new authenticator, with an enrolment proof or without one. */
  async function enrol(userId: string, added: SoftAuthenticator, enrolment?: unknown) {
    const started = await postStatus('/registration/options', { userId, userName: userId, enrolment });
    if (started.status !== 200) return started;
    const options = started.body.options as Parameters<SoftAuthenticator['register']>[0];
    return postStatus('/registration/verify', { userId, response: added.register(options, ORIGIN) });
  }

  async function credentials(userId = 'local'): Promise<number> {
    return ((await (await fetch(`${passkey.url}/users/${userId}`)).json()) as { credentials: number })
      .credentials;
  }

  it('a second credential without an assertion is refused and nothing is added', async () => {
    const before = await credentials();
    const result = await enrol('local', new SoftAuthenticator());
    expect(result).toEqual({
      status: 403,
      body: {
        error: 'Adding another passkey needs an assertion with one you already have.',
        code: 'ENROLMENT_PROOF_REQUIRED',
      },
    });
    expect(await credentials()).toBe(before);
  });

  it('a forged assertion (bad signature) is refused', async () => {
    const before = await credentials();
    const proof = await proofBy(authenticator);
    const signature = Buffer.from(proof.signature, 'base64url');
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
    const result = await enrol('local', new SoftAuthenticator(), {
      ...proof,
      signature: signature.toString('base64url'),
    });
    expect(result.status).toBe(403);
    expect(await credentials()).toBe(before);
  });

  it('with an assertion by the first credential the second is added, and it works for actions', async () => {
    const before = await credentials();
    const second = new SoftAuthenticator();
    const result = await enrol('local', second, await proofBy(authenticator));
    expect(result).toEqual({ status: 200, body: { verified: true } });
    expect(await credentials()).toBe(before + 1);
    const booked0 = booked();
    expect(
      (await reserve(booking, second.assert(await challengeFor(booking), 'localhost', ORIGIN))).isError,
    ).toBeFalsy();
    expect(booked()).toBe(booked0 + 1);
  });

  it('an action (call-bound) assertion is not an enrolment proof', async () => {
    const before = await credentials();
    const action = authenticator.assert(await challengeFor(booking), 'localhost', ORIGIN);
    const result = await enrol('local', new SoftAuthenticator(), action);
    expect(result.status).toBe(403);
    expect(result.body.error).toMatch(/not issued to enrol a credential/);
    expect(await credentials()).toBe(before);
  });

  it('an enrolment assertion does not authorise an action', async () => {
    const before = booked();
    const proof = await proofBy(authenticator);
    const result = await reserve(booking, proof);
    expect(result.structuredContent?.error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/unknown challenge/),
    });
    expect(booked()).toBe(before);
  });

  it('a replayed enrolment assertion is refused', async () => {
    const proof = await proofBy(authenticator);
    expect((await enrol('local', new SoftAuthenticator(), proof)).status).toBe(200);
    const before = await credentials();
    const replay = await enrol('local', new SoftAuthenticator(), proof);
    expect(replay.status).toBe(403);
    expect(replay.body.error).toMatch(/already used/);
    expect(await credentials()).toBe(before);
  });

  it('an expired enrolment challenge is refused (TTL under 60 s)', async () => {
    const challenge = await enrolmentChallenge('local');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = await credentials();
    const result = await enrol(
      'local',
      new SoftAuthenticator(),
      authenticator.assert(challenge, 'localhost', ORIGIN),
    );
    expect(result.status).toBe(403);
    expect(result.body.error).toMatch(/expired/);
    expect(await credentials()).toBe(before);
  });

  it("another user's assertion is refused", async () => {
    const bob = new SoftAuthenticator();
    expect(await enrol('bob', bob)).toEqual({ status: 200, body: { verified: true } });
    const before = await credentials();
    // Bob's proof for Bob's own enrolment, presented for another user.
    const forBob = await enrol('local', new SoftAuthenticator(), await proofBy(bob, 'bob'));
    expect(forBob.status).toBe(403);
    expect(forBob.body.error).toMatch(/another user/);
    // Bob's credential answering a challenge issued for the other user.
    const bobSigns = await enrol('local', new SoftAuthenticator(), await proofBy(bob, 'local'));
    expect(bobSigns.status).toBe(403);
    expect(bobSigns.body.error).toMatch(/unknown credential/);
    expect(await credentials()).toBe(before);
  });

  it('Phase 3: a first credential needs no proof, and no enrolment challenge is issued for it', async () => {
    expect(await postStatus('/enrolment/challenge', { userId: 'carol' })).toMatchObject({ status: 409 });
    expect(await enrol('carol', new SoftAuthenticator())).toEqual({ status: 200, body: { verified: true } });
    expect(await credentials('carol')).toBe(1);
  });
});
