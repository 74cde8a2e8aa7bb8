import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, token } from './fixtures';
import { killGroup, waitForOk } from './helpers/processes';
import { ChatPage } from './pages/chat-page';
import { InterruptedReply } from './pages/interrupted-reply';
import { CRASH_HOST_PORT, FAKE_LLM_URL } from './ports';

// A local host of this test's own (its own data directory and port, the build the run made), killed
// by a signal while a reply streams and started again, as a host that crashed and was restarted.
const DATA_DIR = '.data/e2e-crash';
const CONFIG = join(DATA_DIR, '..', 'e2e-crash.config.json');
const base = `http://localhost:${CRASH_HOST_PORT}`;

function startHost(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(CRASH_HOST_PORT),
    DATA_DIR,
    HOST_CONFIG: CONFIG,
    SKIP_BUILD: '1',
    LLM_BASE_URL: `${FAKE_LLM_URL}/v1`,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    // The model's silence must not end the turn before the host is killed.
    LLM_TIMEOUT_MS: '120000',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    FIDO2_SERVER_URL: 'http://127.0.0.1:9',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'AUTH_MODE', 'PUBLIC_ORIGIN']) delete env[name];
  // A process group of its own, so the signal reaches the host server and everything npm start runs.
  return spawn('npx', ['tsx', 'scripts/start.ts'], { env, detached: true, stdio: 'ignore' });
}

test.describe('turns cut by a crash are marked', () => {
  let host: ChildProcess | null = null;

  test.beforeAll(() => {
    rmSync(DATA_DIR, { recursive: true, force: true });
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(CONFIG, JSON.stringify({ demoServers: false }));
  });
  test.afterAll(async () => {
    if (host && host.exitCode === null && host.signalCode === null) await killGroup(host);
    rmSync(DATA_DIR, { recursive: true, force: true });
    rmSync(CONFIG, { force: true });
  });

  test('a host killed mid-reply, started again: the message says its reply was interrupted, and Retry answers it', async ({
    page,
    fakeModel,
  }) => {
    test.setTimeout(420_000);
    const t = token('crash');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['The whole answer.'] }]);
    // The first turn says a little, then the model goes silent: the reply is still running.
    await fakeModel.script(t, [{ kind: 'stall', chunks: ['Half of an ans'] }], { times: 1 });

    host = startHost();
    await waitForOk(`${base}/api/models`);
    const chat = new ChatPage(page);
    await chat.open(`${base}/`);
    await chat.send(`Tell me ${t}`);
    await expect(chat.lastAssistant()).toContainText('Half of an ans');
    const id = await chat.conversationId();

    await killGroup(host);
    host = startHost();
    await waitForOk(`${base}/api/models`);

    await chat.open(`${base}/c/${id}`);
    const interrupted = new InterruptedReply(page);
    await expect(interrupted.root).toHaveText(
      /The reply to this message was interrupted when the server restarted\./,
    );
    await expect(interrupted.retryButton).toBeVisible();
    await expect(chat.userMessages()).toHaveCount(1);
    // Nothing of the half reply was kept: the host died before the turn could store anything.
    await expect(chat.assistantMessages()).toHaveCount(0);
    await expect(page.getByTestId('unanswered')).toHaveCount(0);
    // The conversations API reads the same mark (the host marked it once: at its start or this read).
    const stored = (await (await page.request.get(`${base}/api/conversations/${id}`)).json()) as {
      messages: Array<{ role: string; metadata?: { ended?: string } }>;
    };
    expect(stored.messages.map((m) => [m.role, m.metadata?.ended ?? null])).toEqual([
      ['user', null],
      ['assistant', 'interrupted'],
    ]);

    await interrupted.retry();
    await expect(chat.lastAssistant()).toContainText('The whole answer.');
    await expect(interrupted.root).toHaveCount(0);
    await page.reload();
    await expect(chat.lastAssistant()).toContainText('The whole answer.');
    await expect(interrupted.root).toHaveCount(0);
    await expect(chat.assistantMessages()).toHaveCount(1);
  });
});
