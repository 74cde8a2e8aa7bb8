import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { VERIFIED_APPROVAL } from '../fixtures/verified-approval/authority';
import { type ApprovalFixture, serveApprovalFixture } from '../fixtures/verified-approval/server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { virtualAuthenticator } from './helpers/webauthn';
import { ToolCards } from './pages/tool-cards';
import { VerifiedApprovalDialog } from './pages/verified-approval-dialog';
import { HOST_PORT } from './ports';

let fixture: ApprovalFixture;

test.beforeAll(async () => {
  fixture = await serveApprovalFixture({ rpId: 'localhost', origins: [`http://localhost:${HOST_PORT}`] });
});

test.afterAll(async () => {
  await fixture.close();
});

/** What the fixture answers to `evidence` sent again, straight over MCP (not through the host). */
async function replay(args: Record<string, unknown>, evidence: unknown): Promise<string | undefined> {
  const client = new Client({ name: 'replay', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(fixture.url)));
  try {
    await client.callTool({
      name: 'transfer_funds',
      arguments: args,
      _meta: { [VERIFIED_APPROVAL]: evidence },
    });
    return 'accepted';
  } catch (error) {
    return error instanceof McpError ? (error.data as { reason?: string }).reason : String(error);
  } finally {
    await client.close();
  }
}

test.describe('per-call verified approval (SEP-2672)', () => {
  test('a model-called tool that requires verified approval: enrol with the server, its displayText verbatim, the passkey over its challenge; dispatched once with the assertion for exactly its arguments; a replay is refused; a cancel sends nothing', async ({
    page,
    chat,
    fakeModel,
    servers,
  }) => {
    await virtualAuthenticator(page);
    const id = token('verified').slice(0, 12);
    expect((await servers.register({ id, transport: { type: 'http', url: fixture.url } })).status).toBe(201);
    const args = { to: 'ACME', amount: 120 };
    const t = token('pay');
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: `${id}__transfer_funds`, arguments: args }] },
      { kind: 'text', chunks: ['Sent.'] },
    ]);
    await chat.open();
    await chat.send(`Pay ACME ${t}`);
    const dialog = new VerifiedApprovalDialog(page);
    await dialog.expectOpen('transfer_funds');
    expect(await violations(page), 'verified approval dialog, enrolment').toEqual([]);
    await dialog.enrol();
    await expect(dialog.displayText()).toHaveText('Approve transfer_funds with {"amount":120,"to":"ACME"}');
    expect(await violations(page), 'verified approval dialog, approval').toEqual([]);
    await expect(dialog.authenticator()).toContainText('the passkey on this device');
    await expect(dialog.gate.arg('amount')).toHaveText(['Amount', '120']);
    await dialog.approve();
    const cards = new ToolCards(page);
    await expect(cards.result('transfer_funds')).toContainText('sent 120 to ACME');
    expect(fixture.transfers).toEqual([args]);
    const [evidence] = fixture.evidence as Array<{
      method: string;
      challengeId: string;
      response: { id: string };
    }>;
    expect(evidence).toMatchObject({ method: 'webauthn', challengeId: expect.any(String) });
    expect(await replay(args, evidence)).toBe('challenge_consumed');

    // The next call asks again (a new challenge); cancelling sends nothing.
    const t2 = token('pay');
    await fakeModel.script(t2, [
      {
        kind: 'tool-calls',
        calls: [{ name: `${id}__transfer_funds`, arguments: { to: 'ACME', amount: 5 } }],
      },
      { kind: 'text', chunks: ['Not sent.'] },
    ]);
    // The first reply must have ended: Enter while it streams is not a send.
    await chat.waitIdle();
    await chat.send(`Pay ACME again ${t2}`);
    await dialog.expectOpen('transfer_funds');
    await expect(dialog.displayText()).toContainText('"amount":5');
    await dialog.cancel();
    await expect(cards.card('transfer_funds')).toContainText('cancelled');
    expect(fixture.transfers).toEqual([args]);
  });
});
