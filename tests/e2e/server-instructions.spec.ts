import { RESTAURANT_INSTRUCTIONS } from '../../servers/restaurant/server';
import { expect, test, token } from './fixtures';

test.describe('MCP instructions', () => {
  test("a demo server's instructions reach the model below the host's own prompt, attributed to it", async ({
    chat,
    fakeModel,
  }) => {
    const t = token('instr');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Noted.'] }]);
    await chat.open();
    await chat.send(`Find me dinner ${t}`);
    await expect(chat.lastAssistant()).toContainText('Noted.');
    const [sent] = await fakeModel.requests(t);
    const system = sent?.body.messages?.[0];
    expect(system?.role).toBe('system');
    const text = JSON.stringify(system?.content);
    expect(text).toContain('You are the assistant inside an MCPlet host');
    expect(text).toContain('<server-instructions server=\\"restaurant\\"');
    expect(text).toContain(RESTAURANT_INSTRUCTIONS);
    // The host's rules come first; the server's words after them.
    expect(text.indexOf('MCPlet host')).toBeLessThan(text.indexOf(RESTAURANT_INSTRUCTIONS));
  });
});
