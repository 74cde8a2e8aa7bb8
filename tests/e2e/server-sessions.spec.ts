import { startSessionServer } from '../fixtures/mcp/session-server';
import { expect, test, token } from './fixtures';

/**
 * MCP sessions: a server that forgets its session is re-initialized once and the call goes
 * through; a server that answers HTTP 401 is "authorization required" in the preview and on the
 * chat card, without a retry loop.
 */
test.describe('MCP sessions: sessions', () => {
  test('a server that forgot the session: the next call in the chat still works', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const fixture = await startSessionServer();
    try {
      const id = token('sess').slice(0, 12);
      expect((await servers.register({ id, transport: { type: 'http', url: fixture.url } })).status).toBe(
        201,
      );
      const t = token('forgot');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__echo`, arguments: {} }] },
        { kind: 'text', chunks: ['Echo answered.'] },
      ]);
      fixture.forget();
      await chat.open();
      await chat.send(`Echo please ${t}`);
      const card = chat.page.getByTestId('tool-call-card').last();
      await expect(card).toHaveAttribute('data-state', 'output-available');
      await expect(card.getByTestId('tool-result')).toContainText('echoed');
      expect(fixture.initializations()).toBe(2);
    } finally {
      await fixture.close();
    }
  });

  test('a server that answers 401: "authorization required" in the preview and on the chat card', async ({
    chat,
    fakeModel,
    servers,
    preview,
  }) => {
    const fixture = await startSessionServer();
    try {
      const id = token('auth').slice(0, 12);
      expect((await servers.register({ id, transport: { type: 'http', url: fixture.url } })).status).toBe(
        201,
      );
      const t = token('locked');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__echo`, arguments: {} }] },
        { kind: 'text', chunks: ['It needs a sign-in.'] },
      ]);
      fixture.requireAuthorization(true);
      await chat.open();
      await chat.send(`Echo please ${t}`);
      const card = chat.page.getByTestId('tool-call-card').last();
      await expect(card).toHaveAttribute('data-state', 'output-error');
      await expect(card.getByTestId('tool-error')).toHaveText(
        `${id} requires authorization (HTTP 401): sign in with Connect.`,
      );
      await expect(card).toHaveAttribute('data-code', 'SERVICE_UNAVAILABLE');

      await preview.open();
      const server = preview.server(id);
      await expect(server.getByTestId('server-status')).toContainText('authorization required (not retried)');
      await expect(server.getByTestId('server-error')).toHaveText(
        `${id} requires authorization (HTTP 401): sign in with Connect.`,
      );
      const requests = fixture.requests.length;
      await server.getByRole('button', { name: 'Reconnect' }).click();
      await expect.poll(() => fixture.requests.length).toBe(requests + 1);
      await expect(server.getByTestId('server-status')).toContainText('authorization required');
    } finally {
      await fixture.close();
    }
  });
});
