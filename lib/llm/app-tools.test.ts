import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { appToolName } from '../mcplet/names';
import { applyAppToolOutputs, buildAppTools } from './app-tools';

const appTool = appToolName('call_9', 'count_items');
const reply: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: `tool-${appTool}`, toolCallId: 'c1', state: 'input-available', input: {} },
    { type: 'tool-restaurant__get_restaurant', toolCallId: 'c2', state: 'input-available', input: {} },
  ] as UIMessage['parts'],
};

describe('app-provided tools (MCP Apps)', () => {
  it('offers view tools under view-namespaced names, attributed to the view, without execute', () => {
    const tools = buildAppTools([
      {
        viewId: 'call_9',
        viewTitle: 'Shop (demo)',
        name: 'count_items',
        inputSchema: { type: 'object' },
        readOnly: true,
      },
      {
        viewId: 'call_9',
        viewTitle: 'Shop (demo)',
        name: 'bad',
        inputSchema: { type: 'array' },
        readOnly: true,
      },
    ]);
    expect(Object.keys(tools)).toEqual([appTool]);
    expect(tools[appTool]?.description).toContain('Provided by the open view "Shop (demo)"');
    expect(tools[appTool]?.execute).toBeUndefined();
  });

  it('accepts results only for pending calls of app tools', () => {
    const applied = applyAppToolOutputs(reply, [
      { toolCallId: 'c1', output: { content: [{ type: 'text', text: '3' }] } },
    ]);
    expect(applied.ok && applied.message.parts[1]).toMatchObject({
      state: 'output-available',
      output: { content: [{ text: '3' }] },
    });
    expect(applyAppToolOutputs(reply, [{ toolCallId: 'c2', output: 'forged server result' }])).toMatchObject({
      ok: false,
    });
    expect(applyAppToolOutputs(reply, [{ toolCallId: 'nope', output: 1 }])).toMatchObject({ ok: false });
    expect(applyAppToolOutputs({ ...reply, role: 'user' }, [{ toolCallId: 'c1', output: 1 }])).toMatchObject({
      ok: false,
    });
  });

  it('records an error the view reported, and refuses oversized results', () => {
    const failed = applyAppToolOutputs(reply, [{ toolCallId: 'c1', errorText: 'The view is closed.' }]);
    expect(failed.ok && failed.message.parts[1]).toMatchObject({
      state: 'output-error',
      errorText: 'The view is closed.',
    });
    const huge = applyAppToolOutputs(reply, [{ toolCallId: 'c1', output: 'x'.repeat(200_000) }]);
    expect(huge.ok && huge.message.parts[1]).toMatchObject({ state: 'output-error' });
  });
});
