import { describe, expect, it } from 'vitest';
import { toolPartView } from './tool-part';

describe('tool part view', () => {
  it('uses the host metadata for the name, server and compatibility label', () => {
    const view = toolPartView({
      type: 'tool-everything__echo',
      toolCallId: 'c',
      state: 'input-available',
      input: { message: 'x' },
      toolMetadata: {
        toolName: 'echo',
        serverName: 'Everything',
        admittedBy: 'annotations',
        mcpletType: 'action',
      },
    } as never);
    expect(view).toMatchObject({
      name: 'echo',
      serverName: 'Everything',
      compatibility: true,
      state: 'input-available',
    });
  });

  it('10.7: an envelope error turns a delivered output into an error', () => {
    const view = toolPartView({
      type: 'tool-a__b',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: {
        content: [],
        view: { envelope: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Weather is unavailable' } } },
      },
    } as never);
    expect(view).toMatchObject({
      state: 'output-error',
      errorText: 'Weather is unavailable (SERVICE_UNAVAILABLE)',
    });
  });

  it('shows the model projection as the result text', () => {
    const view = toolPartView({
      type: 'tool-a__b',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: { content: [{ type: 'text', text: 'Found 2' }], view: { envelope: { result: {} } } },
    } as never);
    expect(view).toMatchObject({ state: 'output-available', resultText: 'Found 2', name: 'a__b' });
  });
});
