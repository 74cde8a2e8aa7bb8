import { PROBE_PNG, PROBE_WAV, type ProbeServer, startProbeServer } from '../fixtures/mcp/probe-server';
import { expect, test, token } from './fixtures';
import { conversationBodies } from './helpers/model-requests';
import { ToolCards } from './pages/tool-cards';

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => {
  await probe.close();
});

test("a tool's image and audio are drawn in the card; a text-only model gets a note, never base64 in a string", async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  const id = token('media').slice(0, 12);
  await servers.register({ id, transport: { type: 'http', url: probe.url } });
  const t = token('chart');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${id}__probe_media`, arguments: {} }] },
    { kind: 'text', chunks: ['Here is the chart.'] },
  ]);
  await chat.open();
  await chat.send(`Show the chart ${t}`);
  await expect(chat.lastAssistant()).toContainText('Here is the chart.');

  const cards = new ToolCards(page);
  const image = cards.images('probe_media');
  await expect(image).toHaveCount(1);
  // The tool as people read it (no title: its name as words).
  await expect(image).toHaveAttribute('alt', 'Probe media result 1 (image/png)');
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(cards.audio('probe_media')).toHaveAttribute('src', `data:audio/wav;base64,${PROBE_WAV}`);
  await expect(cards.result('probe_media')).toContainText('A chart and its sound.');

  // The fake model speaks OpenAI Chat Completions, whose tool messages are text only.
  const bodies = await conversationBodies(page, t);
  const followUp = bodies.find((body) => body.includes('A chart and its sound.'));
  expect(followUp).toBeDefined();
  expect(followUp).toContain('[image (image/png, 70 B) shown to the user');
  expect(followUp).toContain('[audio (audio/wav, 46 B) shown to the user');
  for (const body of bodies) {
    expect(body).not.toContain(PROBE_PNG);
    expect(body).not.toContain(PROBE_WAV);
  }
});
