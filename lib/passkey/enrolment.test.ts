import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenPasskey } from '../../servers/passkey/app';
import { SoftAuthenticator } from '../../tests/fixtures/webauthn/soft-authenticator';
import { beginRegistration, EnrolmentRefused } from './enrolment';
import { registrationOptions, verifyRegistration } from './fido2-client';

const ORIGIN = 'http://localhost:3000';
const user = { id: 'ada', displayName: 'Ada' };
const first = new SoftAuthenticator();
let passkey: Awaited<ReturnType<typeof listenPasskey>>;

/** The assertion as `@simplewebauthn/browser` hands it to the host. */
function browserAssertion(auth: ReturnType<SoftAuthenticator['assert']>) {
  return {
    id: auth.credentialId,
    rawId: auth.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: auth.clientDataJSON,
      authenticatorData: auth.authenticatorData,
      signature: auth.signature,
      userHandle: auth.userHandle,
    },
  };
}

async function challenge(path: string, body: unknown): Promise<string> {
  const response = await fetch(`${passkey.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { challenge: string }).challenge;
}

beforeAll(async () => {
  passkey = await listenPasskey(0, {
    rpId: 'localhost',
    rpName: 'Test',
    origins: [ORIGIN],
    storeFile: join(mkdtempSync(join(tmpdir(), 'enrolment-')), 'creds.json'),
  });
  process.env.FIDO2_SERVER_URL = passkey.url;
  const started = await beginRegistration(user);
  const options = started.options as Parameters<SoftAuthenticator['register']>[0];
  expect(await verifyRegistration(user.id, first.register(options, ORIGIN))).toEqual({ verified: true });
});

afterAll(async () => {
  await passkey.close();
});

describe('passkey assertions: the host begins a second registration only with a proof', () => {
  it('refuses without an assertion', async () => {
    await expect(beginRegistration(user)).rejects.toThrow(
      new EnrolmentRefused('Adding another passkey needs an assertion with one you already have.'),
    );
  });

  it('refuses something that is not an assertion', async () => {
    await expect(beginRegistration(user, { id: 'x', response: {} })).rejects.toBeInstanceOf(EnrolmentRefused);
  });

  it("passes on the FIDO2 server's refusal of an action assertion as a 403", async () => {
    const action = await challenge('/auth/challenge', {
      userId: user.id,
      binding: { server: 's', tool: 't', arguments: {} },
    });
    const refused = beginRegistration(user, browserAssertion(first.assert(action, 'localhost', ORIGIN)));
    await expect(refused).rejects.toBeInstanceOf(EnrolmentRefused);
    await expect(refused).rejects.toThrow(/not issued to enrol/);
  });

  it('begins with an assertion answering an enrolment challenge', async () => {
    const enrol = await challenge('/enrolment/challenge', { userId: user.id });
    const started = await beginRegistration(user, browserAssertion(first.assert(enrol, 'localhost', ORIGIN)));
    const options = started.options as Parameters<SoftAuthenticator['register']>[0];
    expect(await verifyRegistration(user.id, new SoftAuthenticator().register(options, ORIGIN))).toEqual({
      verified: true,
    });
  });

  it('fails closed against a FIDO2 server that does not confirm the proof', async () => {
    // An external FIDO2 server without the enrolment contract: it knows the user and hands out options.
    const external = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          req.method === 'GET' ? { registered: true, credentials: 1 } : { options: { challenge: 'c' } },
        ),
      );
    });
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    const saved = process.env.FIDO2_SERVER_URL;
    process.env.FIDO2_SERVER_URL = `http://127.0.0.1:${(external.address() as AddressInfo).port}`;
    try {
      expect(await registrationOptions(user.id, user.displayName)).toEqual({ options: { challenge: 'c' } });
      const enrol = browserAssertion(first.assert('AAAA', 'localhost', ORIGIN));
      await expect(beginRegistration(user, enrol)).rejects.toThrow(/did not confirm the assertion/);
    } finally {
      process.env.FIDO2_SERVER_URL = saved;
      await new Promise<void>((resolve) => external.close(() => resolve()));
    }
  });
});
