import { CANCELLED_TEXT } from '../../lib/mcp/cancelled-call';
import { REPORT_TEXT, startTaskServer, type TaskServer } from '../fixtures/mcp/task-server';
import { expect, type Servers, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { ToolCards } from './pages/tool-cards';

interface SentMessage {
  role: string;
  content?: unknown;
}

/** Runs `run` with a server that runs tasks and one that does not, both registered; closes them after. */
async function withTaskServers(
  servers: Servers,
  run: (
    tasks: { server: TaskServer; id: string },
    taskless: { server: TaskServer; id: string },
  ) => Promise<void>,
): Promise<void> {
  const withTasks = await startTaskServer({ tasks: true });
  const without = await startTaskServer({ tasks: false });
  try {
    const id = token('tasks').slice(0, 14);
    const plainId = token('plain').slice(0, 14);
    for (const [serverId, name, server] of [
      [id, 'Reports', withTasks],
      [plainId, 'Plain reports', without],
    ] as const) {
      const registered = await servers.register({
        id: serverId,
        name,
        transport: { type: 'http', url: server.url },
      });
      expect(registered.status).toBe(201);
    }
    await run({ server: withTasks, id }, { server: without, id: plainId });
  } finally {
    await withTasks.close();
    await without.close();
  }
}

// MCP 2025-11-25 tasks: a tool with execution.taskSupport is called as a task on a server that runs
// them; the card shows the task, a reload does not lose it, Cancel sends tasks/cancel; a `required`
// tool on a server without tasks is never offered to the model.
test.describe('tool calls run as MCP tasks', () => {
  test('the card shows the running task, survives a reload, then the result reaches the card and the model', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withTaskServers(servers, async (tasks, taskless) => {
      const t = token('task');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${tasks.id}__compile_report`, arguments: { seconds: 10 } }] },
        { kind: 'text', chunks: ['The report is ready.'] },
      ]);
      await chat.open();
      await chat.send(`Compile the report ${t}`);
      const cards = new ToolCards(page);
      await expect(cards.task('compile_report')).toContainText('Task working');
      await expect(cards.status('compile_report')).toHaveText('Running');

      await page.reload();
      // Still the running task after the reload (the reply runs on in the server and is picked up).
      await expect(cards.status('compile_report')).toHaveText('Running');
      await expect(cards.task('compile_report')).toContainText('Task working');
      await expect(cards.progressMessage('compile_report')).toContainText(/Section \d of 10 done/);
      expect(await violations(page), 'a card of a running task').toEqual([]);
      // Then its result, the task marked completed, and the model's answer.
      await expect(cards.result('compile_report')).toContainText(REPORT_TEXT, { timeout: 20_000 });
      await expect(cards.task('compile_report')).toContainText('Task completed');
      await expect(chat.lastAssistant()).toContainText('The report is ready.');
      expect(tasks.server.created).toBe(1);
      expect(tasks.server.plainCalls).toBe(0);

      const requests = await fakeModel.requests(t);
      // The tool list: the required tool of the server without tasks was not offered; its optional one was.
      const offered = requests[0]?.body.tools?.map((x) => x.function.name) ?? [];
      expect(offered).toContain(`${tasks.id}__compile_report`);
      expect(offered).toContain(`${taskless.id}__quick_sum`);
      expect(offered).not.toContain(`${taskless.id}__compile_report`);
      // The model got the task's result as the tool result.
      const last = (requests[requests.length - 1]?.body.messages ?? []) as SentMessage[];
      const tool = last.filter((m) => m.role === 'tool').map((m) => String(m.content));
      expect(tool).toHaveLength(1);
      expect(tool[0]).toContain(REPORT_TEXT);
      expect(taskless.server.plainCalls + taskless.server.created).toBe(0);
    });
  });

  test('Cancel on the card of a running task sends tasks/cancel; the model reads that the user cancelled', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withTaskServers(servers, async (tasks) => {
      const t = token('task-cancel');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${tasks.id}__compile_report`, arguments: { seconds: 30 } }] },
        { kind: 'text', chunks: ['You cancelled the report.'] },
      ]);
      await chat.open();
      await chat.send(`Compile the long report ${t}`);
      const cards = new ToolCards(page);
      await expect(cards.task('compile_report')).toContainText('Task working');
      await cards.cancel('compile_report').click();
      await expect(cards.status('compile_report')).toHaveText('Cancelled');
      await expect(cards.ended('compile_report')).toHaveText(CANCELLED_TEXT);
      await expect(cards.task('compile_report')).toContainText('Task cancelled');
      await expect(chat.lastAssistant()).toContainText('You cancelled the report.');
      // The server saw tasks/cancel: its work stopped without a result.
      await expect.poll(() => tasks.server.cancelled, { timeout: 5_000 }).toBe(1);
      expect(tasks.server.finished).toBe(0);
      const requests = await fakeModel.requests(t);
      const last = (requests[requests.length - 1]?.body.messages ?? []) as SentMessage[];
      const tool = last.filter((m) => m.role === 'tool').map((m) => String(m.content));
      expect(tool[0]).toContain(CANCELLED_TEXT);
    });
  });
});
