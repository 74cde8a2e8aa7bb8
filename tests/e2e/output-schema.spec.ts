import { startModernServer } from '../fixtures/mcp/modern-server';
import { expect, test, token } from './fixtures';
import { ToolCards } from './pages/tool-cards';

interface SentMessage {
  role: string;
  content?: unknown;
}

test('MCP tools "Output Schema": a result that breaks its outputSchema (2020-12, $defs and $ref) is an error the card explains and the model reads; a valid one passes', async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  const fixture = await startModernServer('stateless');
  try {
    const id = token('schema').slice(0, 12);
    const registered = await servers.register({
      id,
      name: 'Weather',
      transport: { type: 'http', url: fixture.url },
      admission: 'annotations',
    });
    expect(registered.status).toBe(201);
    const t = token('forecast');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [{ name: `${id}__forecast`, arguments: { place: { city: 'Lyon' }, broken: true } }],
      },
      { kind: 'text', chunks: ['The forecast could not be read.'] },
    ]);
    await chat.open();
    await chat.send(`Weather in Lyon ${t}`);
    await expect(chat.lastAssistant()).toContainText('The forecast could not be read.');
    const card = new ToolCards(page).card('forecast');
    await expect(card).toContainText('does not match its outputSchema');
    await expect(card).toContainText('temperature');

    const sent = await fakeModel.requests(t);
    const tools = ((sent.at(-1)?.body.messages ?? []) as SentMessage[]).filter((m) => m.role === 'tool');
    expect(String(tools[0]?.content)).toContain('does not match its outputSchema');
    // The broken value never reached the model as if it were the result.
    expect(String(tools[0]?.content)).not.toContain('"temperature":"warm"');

    const ok = token('fine');
    await fakeModel.script(ok, [
      { kind: 'tool-calls', calls: [{ name: `${id}__forecast`, arguments: { place: { city: 'Kyoto' } } }] },
      { kind: 'text', chunks: ['Kyoto is mild.'] },
    ]);
    await chat.send(`Weather in Kyoto ${ok}`);
    await expect(chat.lastAssistant()).toContainText('Kyoto is mild.');
    const fine = await fakeModel.requests(ok);
    const read = ((fine.at(-1)?.body.messages ?? []) as SentMessage[]).filter((m) => m.role === 'tool');
    expect(String(read.at(-1)?.content)).toContain('"temperature":21');
  } finally {
    await fixture.close();
  }
});
