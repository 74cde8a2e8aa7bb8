import { describe, expect, it } from 'vitest';
import { authorizationRequiredText } from '@/lib/mcp/sign-in-words';
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
      errorText: 'Weather is unavailable',
      errorCode: 'SERVICE_UNAVAILABLE',
    });
  });

  it('a call stopped at its gate by the user (nothing sent) is a statement in their words, not a failure', () => {
    const stopped = (message: string, sent = false) =>
      toolPartView({
        type: 'tool-restaurant__create_reservation',
        toolCallId: 'g',
        state: 'output-available',
        input: {},
        output: { content: [], view: { sent, envelope: { error: { code: 'AUTH_REQUIRED', message } } } },
      } as never);
    expect(stopped('The user cancelled the confirmation, so nothing was done.')).toMatchObject({
      state: 'not-run',
      errorText: 'You cancelled this action, so nothing was done.',
      errorCode: 'AUTH_REQUIRED',
    });
    expect(stopped('The confirmation timed out, so nothing was done.')).toMatchObject({
      state: 'not-run',
      errorText: 'The confirmation timed out, so nothing was done.',
    });
    // Sent and then refused by the server: the tool failed.
    expect(stopped('the server wants a sign-in', true)).toMatchObject({ state: 'output-error' });
  });

  it('a server that asks to sign in (HTTP 401) gives the card Connect for that server; other errors do not', () => {
    const card = (message: string) =>
      toolPartView({
        type: 'tool-docs__search',
        toolCallId: 'c',
        state: 'output-available',
        input: {},
        output: {
          content: [],
          view: {
            serverId: 'docs',
            toolName: 'search',
            envelope: { error: { code: 'SERVICE_UNAVAILABLE', message } },
          },
        },
      } as never);
    expect(card(authorizationRequiredText('Docs')).signIn).toEqual({ serverId: 'docs' });
    expect(card('Docs is unavailable').signIn).toBeUndefined();
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

  it('the card shows the raw result and names what was withheld from the model, without a credential place', () => {
    const view = toolPartView({
      type: 'tool-a__b',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: {
        model: { result: { content: [{ type: 'text', text: 'key [sensitive value withheld]' }] } },
        withheld: {
          values: ['s3cret-value'],
          reasons: [
            {
              rule: 'x-sensitive',
              where: '/structuredContent/key',
              detail: 'a field the tool marks x-sensitive',
            },
            { rule: 'credential', where: '/content/0/text', detail: 'an AWS access key id' },
            { rule: 'credential', where: '/content/1/text', detail: 'an AWS access key id' },
          ],
        },
        view: { result: { content: [{ type: 'text', text: 'key s3cret-value' }] } },
      },
    } as never);
    expect(view.resultText).toBe('key s3cret-value');
    expect(view.withheld).toEqual([
      'x-sensitive field /structuredContent/key',
      'credential: an AWS access key id',
    ]);
  });

  it('WebMCP 6.4.3: a result the model received as untrusted data carries the mark to the card', () => {
    const part = (view: unknown) =>
      toolPartView({
        type: 'tool-a__b',
        toolCallId: 'c',
        state: 'output-available',
        input: {},
        output: { content: [{ type: 'text', text: 'x' }], view },
      } as never);
    expect(part({ untrusted: 'tool.annotations.openWorldHint' }).untrusted).toBe(
      'tool.annotations.openWorldHint',
    );
    expect(part({}).untrusted).toBeUndefined();
    expect(part({ untrusted: true }).untrusted).toBeUndefined();
  });

  it('10.4: a refused derived result with no fallback is an error on its card; with a fallback it is done', () => {
    const part = (output: unknown, preliminary = false) =>
      toolPartView({
        type: 'tool-mcplet_set_tool_result',
        toolCallId: 'd',
        state: 'output-available',
        input: {},
        output,
        ...(preliminary ? { preliminary } : {}),
      } as never);
    const error = { code: 'X_TTL_TOO_LONG', message: 'ttlSeconds is 31' };
    expect(part({ content: [], derived: { toolId: 't', error } })).toMatchObject({
      state: 'output-error',
      errorText: 'ttlSeconds is 31',
      errorCode: 'X_TTL_TOO_LONG',
    });
    expect(
      part({ content: [], derived: { toolId: 't', error, invoking: { inputSchema: {} } } }, true),
    ).toMatchObject({
      state: 'input-available',
    });
    expect(
      part({
        content: [{ type: 'text', text: 'called instead' }],
        derived: { toolId: 't', error, fallback: {} },
      }),
    ).toMatchObject({ state: 'output-available', resultText: 'called instead' });
  });

  it('a view tool waiting for its view shows as running and carries the server-issued run, never a result', () => {
    const run = {
      id: 'r1',
      conversationId: 'c1',
      viewId: 'call_1',
      toolName: 'view_reset',
      args: { hard: true },
    };
    const view = toolPartView({
      type: 'tool-app_abc123__view_reset',
      toolCallId: 'c',
      state: 'output-available',
      preliminary: true,
      input: { hard: true },
      output: { content: [], view: { sent: false }, run },
      toolMetadata: { toolName: 'view_reset', viewTitle: 'Probe: probe_inline', viewTool: true },
    } as never);
    expect(view).toMatchObject({
      name: 'view_reset',
      serverName: 'the view Probe: probe_inline',
      state: 'input-available',
      run,
    });
    expect(view.resultText).toBeUndefined();
  });

  it('rug-pull: a refusal because the tool changed offers the review of that tool', () => {
    const view = toolPartView({
      type: 'tool-odd__lookup',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: {
        content: [],
        sent: false,
        view: {
          serverId: 'odd',
          toolName: 'lookup',
          envelope: { error: { code: 'X_TOOL_CHANGED', message: '"lookup" changed since you trusted it' } },
        },
      },
    } as never);
    expect(view).toMatchObject({ state: 'output-error', changed: { serverId: 'odd', toolName: 'lookup' } });
  });

  it('rug-pull: a call the SDK refused as not offered is checked against the changed tools', () => {
    const view = toolPartView({
      type: 'tool-odd__lookup',
      toolCallId: 'c',
      state: 'output-error',
      input: {},
      errorText: "Model tried to call unavailable tool 'odd__lookup'.",
    } as never);
    expect(view).toMatchObject({ notOffered: 'odd__lookup' });
    expect(view.changed).toBeUndefined();
  });
});

describe('WebMCP HITL proposal: notify', () => {
  const part = (view: Record<string, unknown>) =>
    toolPartView({
      type: 'tool-restaurant__save_favourite',
      toolCallId: 'c',
      state: 'output-available',
      input: { restaurantId: 'r-green' },
      output: { content: [{ type: 'text', text: 'Saved.' }], view: { envelope: {}, ...view } },
    } as never);

  it('a call sent at the notify level carries its notice and when it ran', () => {
    expect(part({ level: 'notify', sent: true, ranAt: 5 })).toMatchObject({ notice: true, ranAt: 5 });
  });

  it('no notice for other levels, or for a call that was never sent', () => {
    expect(part({ level: 'none', sent: true }).notice).toBeUndefined();
    expect(part({ level: 'confirm', sent: true }).notice).toBeUndefined();
    expect(part({ level: 'notify', sent: false }).notice).toBeUndefined();
  });
});

describe('sensitive-output 4: secret references on the card', () => {
  it('4b: the card gets each reference of the full result by id and label only, never its redeemUrl', () => {
    const view = toolPartView({
      type: 'tool-vault__reveal_api_key',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: {
        content: [{ type: 'text', text: 'ready' }],
        view: {
          envelope: {},
          result: {
            content: [
              { type: 'text', text: 'ready' },
              {
                type: 'secret_reference',
                id: 'ref_1',
                label: 'API key',
                redeemUrl: 'http://v/secrets/ref_1',
                ttl: 9,
              },
            ],
          },
        },
      },
    } as never);
    expect(view.secretReferences).toEqual([{ id: 'ref_1', label: 'API key' }]);
    expect(JSON.stringify(view.secretReferences)).not.toContain('redeemUrl');
  });

  it('a value masked on reopen (lib/trust/display-mask.ts) gets the same Reveal control, named as masked', () => {
    const view = toolPartView({
      type: 'tool-vault__create_api_key',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: {
        withheld: { reasons: [{ rule: 'x-sensitive', where: '/structuredContent/key', detail: 'x' }] },
        masked: [{ id: '1', label: 'Sensitive value 1' }],
        view: { envelope: {}, result: { content: [{ type: 'text', text: '[sensitive value 1 hidden]' }] } },
      },
    } as never);
    expect(view.resultText).toBe('[sensitive value 1 hidden]');
    expect(view.secretReferences).toEqual([{ id: '1', label: 'Sensitive value 1', kind: 'masked' }]);
  });

  it('no references, no Reveal control; an error result shows none', () => {
    const plain = toolPartView({
      type: 'tool-a__b',
      toolCallId: 'c',
      state: 'output-available',
      input: {},
      output: { content: [], view: { envelope: {}, result: { content: [{ type: 'text', text: 'x' }] } } },
    } as never);
    expect(plain.secretReferences).toBeUndefined();
  });
});
