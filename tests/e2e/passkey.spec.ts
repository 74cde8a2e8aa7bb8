import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startProbeServer } from '../fixtures/mcp/probe-server';
import { expect, type FakeModel, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { type VirtualCredential, virtualAuthenticator } from './helpers/webauthn';
import { ActionLog } from './pages/action-log';
import type { ChatPage } from './pages/chat-page';
import { PasskeyPanel } from './pages/passkey-panel';
import { Views } from './pages/views';
import { BARE_HOST_PORT, GATE_TTL_MS, PASSKEY_PORT } from './ports';

// The passkey is registered once, by the first test, and reused by the others (one user, one FIDO2 server).
test.describe.configure({ mode: 'serial' });

const RESERVATIONS = '.data/e2e/restaurant/reservations.jsonl';
let credential: VirtualCredential | undefined;

function booked(file = RESERVATIONS): number {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** Opens the demo view, fills a reservation and presses "Book it", which stops at the passkey gate. */
async function startBooking(page: Page, chat: ChatPage, fakeModel: FakeModel, name: string) {
  const t = token('book');
  await fakeModel.script(t, [
    {
      kind: 'tool-calls',
      calls: [
        {
          name: 'restaurant__search_restaurants',
          arguments: { cuisine: 'french', mcplet_display_mode: 'inline' },
        },
      ],
    },
    { kind: 'text', chunks: ['Two French places.'] },
  ]);
  await chat.open();
  await chat.send(`French ${t}`);
  const views = new Views(page);
  await views.ready();
  const view = views.view();
  await view.locator('[data-id="r-bistro"] [data-action="reserve"]').click();
  const form = view.getByTestId('reservation-form');
  await form.locator('input[name="name"]').fill(name);
  await views.press(form.getByRole('button', { name: 'Check availability' }));
  await expect(form.getByTestId('draft')).toContainText('Not booked yet');
  await form.getByRole('button', { name: 'Book it' }).click();
  await expect(page.getByTestId('gate-dialog')).toHaveAttribute('data-gate', 'passkey');
  return form.getByTestId('draft');
}

/**
 * The demo view after a booking: "Book it" is a disabled "Booked" with the reservation shown, and it
 * stays so when the restaurant's form is opened again, until "Book again" starts another booking.
 */
async function expectBookedState(page: Page) {
  const views = new Views(page);
  const view = views.view();
  const form = view.getByTestId('reservation-form');
  const showsBooked = async () => {
    await expect(form.getByRole('button', { name: 'Booked' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Book it' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Check availability' })).toBeDisabled();
    await expect(form.getByTestId('reservation')).toContainText(/Reservation res-/);
  };
  await showsBooked();
  expect(await violations(page), 'the demo view after a booking').toEqual([]);
  await view.locator('[data-id="r-bistro"] [data-action="open"]').click();
  await expect(form).toHaveCount(0);
  await view.locator('[data-id="r-bistro"] [data-action="reserve"]').click();
  await showsBooked();
  await views.press(form.getByRole('button', { name: 'Book again' }));
  await expect(form.getByRole('button', { name: 'Check availability' })).toBeEnabled();
  await expect(form.getByTestId('reservation')).toHaveCount(0);
}

test.describe('7.2 passkey gates with backend enforcement', () => {
  test('Phases 1-6: first use registers a passkey, then confirms; the reservation exists only after the ceremony', async ({
    page,
    chat,
    fakeModel,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const before = booked();
    const draft = await startBooking(page, chat, fakeModel, 'First Use');
    const gate = page.getByTestId('gate-dialog');
    await expect(gate).toContainText('Confirm your reservation with your passkey');
    await expect(gate.getByTestId('passkey-steps')).toHaveAttribute('data-step', 'register');
    expect(await violations(page), 'passkey dialog, register step').toEqual([]);
    await gate.getByTestId('passkey-register').click();
    await expect(gate.getByTestId('passkey-steps')).toHaveAttribute('data-step', 'confirm');
    expect(await violations(page), 'passkey dialog, confirm step').toEqual([]);
    // Phase 3: registration alone authorises nothing.
    expect(booked()).toBe(before);
    await gate.getByTestId('gate-confirm').click();
    await expect(draft).toContainText('Booked');
    expect(booked()).toBe(before + 1);
    await expectBookedState(page);
    const last = JSON.parse(readFileSync(RESERVATIONS, 'utf8').trim().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({ restaurantId: 'r-bistro', name: 'First Use' });
    [credential] = await authenticator.credentials();
    expect(credential).toBeDefined();

    await page.goto('/audit');
    // Other tests write to the same log at the same time: find this call's row by tool and outcome.
    const row = new ActionLog(page).stored('create_reservation', 'ok').first();
    await expect(row).toContainText('passkey');
    await expect(row).toContainText('done');
    await expect(page.getByTestId('audit-table')).not.toContainText('First Use');
  });

  test('passkey assertions: a second passkey cannot be registered over the API without an assertion with the first', async ({
    request,
  }) => {
    const count = async () =>
      ((await (await request.get('/api/passkey/status')).json()) as { credentials: number }).credentials;
    expect(await count()).toBe(1);
    const bare = await request.post('/api/passkey/register', { data: { step: 'options' } });
    expect(bare.status()).toBe(403);
    expect(await bare.json()).toEqual({
      error: 'Adding another passkey needs an assertion with one you already have.',
    });
    const forged = await request.post('/api/passkey/register', {
      data: {
        step: 'options',
        assertion: {
          id: 'AAAA',
          type: 'public-key',
          response: {
            clientDataJSON: Buffer.from(
              JSON.stringify({ type: 'webauthn.get', challenge: 'not-issued' }),
            ).toString('base64url'),
            authenticatorData: 'AAAA',
            signature: 'AAAA',
          },
        },
      },
    });
    expect(forged.status()).toBe(403);
    // Straight to verify: no registration was begun, so there is nothing to finish.
    const verify = await request.post('/api/passkey/register', {
      data: { step: 'verify', response: { id: 'AAAA', type: 'public-key', response: {} } },
    });
    expect(verify.status()).toBe(400);
    expect(await count()).toBe(1);
  });

  test('adding another passkey: a dismissed check with the first adds nothing and says so', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      navigator.credentials.get = () => Promise.reject(new DOMException('dismissed', 'NotAllowedError'));
    });
    const panel = new PasskeyPanel(page);
    await panel.open();
    await expect(panel.count()).toHaveAttribute('data-count', '1');
    await panel.add();
    await expect(panel.note()).toContainText(
      'No passkey was added: the check with the passkey you have was cancelled.',
    );
    await expect(panel.count()).toHaveAttribute('data-count', '1');
  });

  test('adding another passkey asks for the first, then creates the second', async ({ page }) => {
    const authenticator = await virtualAuthenticator(page);
    if (!credential) throw new Error('the first test registers the passkey');
    const first = credential;
    await authenticator.add(first);
    // One authenticator holds one credential per account (excludeCredentials), so once the check
    // with the first is done it leaves, as when a second device creates the new one.
    let asserted = false;
    await page.route('**/api/passkey/register', async (route) => {
      const body = route.request().postDataJSON() as { step?: string; assertion?: unknown };
      if (body.step === 'options') {
        asserted = body.assertion !== undefined;
        await authenticator.remove(first.credentialId);
      }
      await route.continue();
    });
    const panel = new PasskeyPanel(page);
    await panel.open();
    await panel.add();
    await expect(panel.note()).toHaveText('Passkey added.');
    await expect(panel.count()).toHaveAttribute('data-count', '2');
    expect(asserted).toBe(true);
    const [second] = await authenticator.credentials();
    expect(second?.credentialId).not.toBe(first.credentialId);
  });

  test('a device with no passkey for this site: the gate stays, says nothing was sent and what to do (another device, add one here, try again); with the passkey it then runs once', async ({
    page,
    chat,
    fakeModel,
  }) => {
    // This browser's authenticator holds no credential; the user's passkey is elsewhere.
    const authenticator = await virtualAuthenticator(page);
    const before = booked();
    const draft = await startBooking(page, chat, fakeModel, 'Elsewhere');
    const gate = page.getByTestId('gate-dialog');
    await gate.getByTestId('gate-confirm').click();
    const steps = gate.getByTestId('passkey-steps');
    await expect(steps).toHaveAttribute('data-step', 'not-used');
    await expect(steps.getByRole('status')).toContainText('No passkey was used, so nothing was sent.');
    await expect(steps.getByRole('status')).toContainText('another device');
    await expect(gate.getByTestId('passkey-add-here')).toBeVisible();
    expect(await violations(page), 'the passkey gate after a prompt that used no passkey').toEqual([]);
    expect(booked()).toBe(before);
    await expect(draft).toHaveText('Waiting for your confirmation in the host…');

    // The passkey arrives (as from the user's phone): Try again confirms the same call, once.
    if (credential) await authenticator.add(credential);
    await gate.getByTestId('passkey-retry').click();
    await expect(draft).toContainText('Booked');
    expect(booked()).toBe(before + 1);
    // The credential signed once more: the next test adds it with its new counter.
    [credential] = await authenticator.credentials();
  });

  test('cancelling the gate creates nothing and says so', async ({ page, chat, fakeModel }) => {
    const authenticator = await virtualAuthenticator(page);
    if (credential) await authenticator.add(credential);
    const before = booked();
    const draft = await startBooking(page, chat, fakeModel, 'Cancelled');
    await page.getByTestId('gate-dialog').getByTestId('gate-cancel').click();
    await expect(draft).toHaveText('You cancelled this action, so nothing was done.');
    expect(booked()).toBe(before);
    await page.goto('/audit');
    await expect(
      new ActionLog(page).stored('create_reservation', 'declined:cancelled').first(),
    ).toContainText('cancelled by you');
  });

  test('a gate nobody answers times out, creates nothing and says so', async ({ page, chat, fakeModel }) => {
    test.setTimeout(GATE_TTL_MS + 60_000);
    const before = booked();
    const draft = await startBooking(page, chat, fakeModel, 'Too Slow');
    await expect(page.getByTestId('gate-dialog')).toHaveCount(0, { timeout: GATE_TTL_MS + 10_000 });
    await expect(draft).toHaveText('The confirmation timed out, so nothing was done.');
    expect(booked()).toBe(before);
    await page.goto('/audit');
    await expect(new ActionLog(page).stored('create_reservation', 'declined:expired').first()).toContainText(
      'timed out: nobody answered',
    );
  });

  test('without WebAuthn in the browser nothing is created and the reason is shown', async ({
    page,
    chat,
    fakeModel,
  }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });
    const before = booked();
    const draft = await startBooking(page, chat, fakeModel, 'No WebAuthn');
    const gate = page.getByTestId('gate-dialog');
    await expect(gate.getByTestId('passkey-steps')).toHaveAttribute('data-step', 'unsupported');
    await gate.getByRole('button', { name: 'Close' }).click();
    await expect(draft).toContainText('cannot use passkeys');
    expect(booked()).toBe(before);
  });

  test('a model-proposed strict action goes through the same gate and its backend verifies', async ({
    page,
    chat,
    fakeModel,
    servers,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    if (credential) await authenticator.add(credential);
    const probe = await startProbeServer(0, `http://127.0.0.1:${PASSKEY_PORT}`);
    try {
      const id = token('pay').slice(0, 12);
      await servers.register({ id, transport: { type: 'http', url: probe.url } });
      const t = token('pay');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__probe_pay`, arguments: { amount: 5 } }] },
        { kind: 'text', chunks: ['Payment done.'] },
      ]);
      await chat.open();
      await chat.send(`Pay five ${t}`);
      const gate = page.getByTestId('gate-dialog');
      await expect(gate).toContainText('Approve the payment with your passkey');
      await expect(gate.getByTestId('gate-args')).toContainText('5');
      expect(probe.calls).not.toContain('probe_pay');
      await gate.getByTestId('gate-confirm').click();
      await expect(page.getByTestId('tool-result')).toContainText('paid 5');
      await expect(chat.lastAssistant()).toContainText('Payment done.');
      expect(probe.calls).toEqual(['probe_pay']);
      // The assertion went to the backend in params._meta, never in the arguments or the stored chat.
      const stored = await (
        await page.request.get(`/api/conversations/${await chat.conversationId()}`)
      ).text();
      expect(stored).not.toContain('passkey_assertion');
      expect(stored).not.toContain('clientDataJSON');
    } finally {
      await probe.close();
    }
  });

  test('gate forgery: a forged approval posted without a ceremony does not dispatch', async ({ request }) => {
    const before = booked();
    const args = {
      restaurantId: 'r-sakura',
      date: '2099-03-01',
      time: '19:00',
      partySize: 2,
      name: 'Forger',
    };
    const started = await request.post('/api/tools/call', {
      data: { serverId: 'restaurant', toolName: 'create_reservation', surface: 'app', args },
    });
    expect(started.status()).toBe(202);
    const { gate } = (await started.json()) as { gate: { id: string } };
    expect((await request.post(`/api/gates/${gate.id}`, { data: { approved: true } })).status()).toBe(400);
    const fake = {
      id: 'AAAA',
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: 'webauthn.get', challenge: 'not-issued' }),
        ).toString('base64url'),
        authenticatorData: 'AAAA',
        signature: 'AAAA',
      },
    };
    expect(
      (await request.post(`/api/gates/${gate.id}`, { data: { approved: true, assertion: fake } })).status(),
    ).toBe(400);
    expect(
      (
        await request.post('/api/gates/00000000-0000-0000-0000-000000000000', { data: { approved: true } })
      ).status(),
    ).toBe(404);
    expect(booked()).toBe(before);
  });
});

test('7.4: with the passkey server down the action is not run and the result is SERVICE_UNAVAILABLE', async ({
  page,
}) => {
  await page.goto(`http://localhost:${BARE_HOST_PORT}/preview`);
  const create = page.locator(
    '[data-testid="server-card"][data-server="restaurant"] [data-testid="admitted-tool"][data-tool="create_reservation"]',
  );
  await create.getByRole('button', { name: 'Try it' }).click();
  // The form labels each field by its schema title.
  await create.getByLabel('Restaurant').fill('r-sakura');
  await create.getByLabel('Date').fill('2099-04-01');
  await create.getByLabel('Time').fill('19:00');
  await create.getByLabel('Guests').fill('2');
  await create.getByLabel('Booked under').fill('Down');
  await create.getByLabel('a view of this server').check();
  await create.getByRole('button', { name: 'Call', exact: true }).click();
  const gate = page.getByTestId('gate-dialog');
  await expect(gate.getByTestId('passkey-steps')).toHaveAttribute('data-step', 'unavailable');
  await gate.getByRole('button', { name: 'Close' }).click();
  await expect(create.getByTestId('envelope')).toContainText('SERVICE_UNAVAILABLE');
  expect(booked('.data/e2e-bare/restaurant/reservations.jsonl')).toBe(0);
});
