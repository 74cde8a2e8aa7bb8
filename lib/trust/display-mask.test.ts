import { describe, expect, it } from 'vitest';
import { alnum, HOST_SAMPLES } from './credential-fakes';
import { maskedValue, maskText, maskToolOutput } from './display-mask';
import { redactForModel } from './redaction';

const KEY = `vk_${alnum(32)}`;
const AWS = HOST_SAMPLES['aws-access-key-id'] ?? { text: 'missing', secret: 'missing' };

/** The vault demo's create_api_key (servers/vault/tools.ts): sensitiveHint, and `key` marked x-sensitive. */
const CREATE_KEY_TOOL = {
  annotations: { sensitiveHint: true },
  outputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      prefix: { type: 'string' },
      key: { type: 'string', 'x-sensitive': true },
    },
  },
};

/** A stored host tool output, as lib/llm/host-tools.ts saves it: the server's result and what was withheld. */
function stored(result: Record<string, unknown>, tool: unknown = {}) {
  const redaction = redactForModel(result, tool);
  return {
    model: { result: redaction.result },
    withheld: { values: [...redaction.sensitiveValues], reasons: [...redaction.reasons] },
    view: {
      serverId: 'vault',
      toolName: 'create_api_key',
      // As dispatch stores it: the envelope (before the result) repeats the structured content.
      envelope: { result: result.structuredContent, _meta: {} },
      result,
      sent: true,
    },
  };
}

const createdKey = () =>
  stored(
    {
      content: [{ type: 'text', text: `Created API key "e2e": ${KEY}` }],
      structuredContent: { name: 'e2e', prefix: KEY.slice(0, 7), key: KEY },
    },
    CREATE_KEY_TOOL,
  );

describe('masking on reopen: a value withheld from the model is masked for display (sensitive-output 1, 3)', () => {
  it('sensitive-output 1 + 3: a declared value leaves no plain copy anywhere in what the browser gets, and each mask is offered for Reveal', () => {
    const output = createdKey();
    const { output: masked, masked: offered } = maskToolOutput(output);
    const sent = JSON.stringify(masked);
    expect(sent).not.toContain(KEY);
    expect(offered.map((m) => m.label)).toEqual(['Sensitive value 1', 'Sensitive value 2: the field key']);
    expect(masked).toMatchObject({
      masked: offered,
      view: {
        result: {
          content: [{ type: 'text', text: maskText(1) }],
          structuredContent: { name: 'e2e', key: maskText(2) },
        },
      },
    });
    // The reasons stay (the withheld notice); the values themselves do not travel.
    expect(masked).toMatchObject({ withheld: { reasons: output.withheld.reasons } });
    expect((masked as { withheld: Record<string, unknown> }).withheld).not.toHaveProperty('values');
  });

  it('the plain value is answered for an offered mask only', () => {
    const output = createdKey();
    const [text, key] = maskToolOutput(output).masked;
    expect(key?.label).toBe('Sensitive value 2: the field key');
    expect(maskedValue(output, key?.id ?? 'missing')).toBe(KEY);
    expect(maskedValue(output, text?.id ?? 'missing')).toBe(`Created API key "e2e": ${KEY}`);
    expect(maskedValue(output, '99')).toBeUndefined();
    expect(maskedValue(output, '-1')).toBeUndefined();
    expect(maskedValue({ view: output.view }, key?.id ?? 'missing')).toBeUndefined();
  });

  it('a detected credential (the credential scan) is masked inside its text and named by its kind', () => {
    const output = stored({ content: [{ type: 'text', text: `env:\n${AWS.text}\nREGION=eu-west-1` }] });
    const { output: masked, masked: offered } = maskToolOutput(output);
    expect(offered).toEqual([{ id: '0', label: 'Sensitive value 1: an AWS access key id' }]);
    expect(masked).toMatchObject({
      view: {
        result: {
          content: [{ text: `env:\n${AWS.text.replace(AWS.secret, maskText(1))}\nREGION=eu-west-1` }],
        },
      },
    });
  });

  it('a value is masked in its JSON-escaped and URL-encoded forms too, and a number equal to one', () => {
    const secret = 'hunter2 "quoted"/path';
    const output = {
      withheld: { values: [secret, '48151623'], reasons: [] },
      view: {
        result: {
          content: [{ type: 'text', text: JSON.stringify({ s: secret }) }],
          structuredContent: { url: `https://x.test/?p=${encodeURIComponent(secret)}`, pin: 48151623 },
        },
      },
    };
    const sent = JSON.stringify(maskToolOutput(output).output);
    expect(sent).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(sent).not.toContain(encodeURIComponent(secret));
    expect(sent).not.toContain('48151623');
  });

  it('a short value is masked only where a whole string is it, never inside words', () => {
    const output = {
      withheld: { values: ['1234'], reasons: [] },
      view: {
        result: {
          content: [{ type: 'text', text: 'PIN set: 12345 is not it' }],
          structuredContent: { pin: '1234' },
        },
      },
    };
    expect(maskToolOutput(output).output).toMatchObject({
      view: {
        result: { content: [{ text: 'PIN set: 12345 is not it' }], structuredContent: { pin: maskText(1) } },
      },
    });
  });

  it('sensitive-output 4b: a secret_reference stays whole (its id is what its own Reveal names); nothing else to mask means no masks', () => {
    const reference = {
      type: 'secret_reference',
      id: 'ref_abcdefgh',
      label: 'API key',
      redeemUrl: 'http://v.test/secrets/ref_abcdefgh',
    };
    const output = stored({ content: [{ type: 'text', text: 'Reveal it once.' }, reference] });
    expect(output.withheld.values).toContain(reference.redeemUrl);
    const { output: masked, masked: offered } = maskToolOutput(output);
    expect(offered).toEqual([]);
    expect(masked).toMatchObject({ view: { result: { content: [{ text: 'Reveal it once.' }, reference] } } });
    expect(masked).not.toHaveProperty('masked');
  });

  it('a stand-in a tool wrote itself, for no value it withheld, is text like any other (no mask, no Reveal)', () => {
    const stray = '\uE000mask:9\uE001';
    const output = {
      withheld: { values: [KEY], reasons: [] },
      view: { result: { content: [{ type: 'text', text: `${stray} ${KEY}` }] } },
    };
    const { output: masked, masked: offered } = maskToolOutput(output);
    expect(offered).toEqual([{ id: '0', label: 'Sensitive value 1' }]);
    expect(masked).toMatchObject({ view: { result: { content: [{ text: `${stray} ${maskText(1)}` }] } } });
  });

  it('an output that withheld nothing is sent as it is', () => {
    const output = { view: { result: { content: [{ type: 'text', text: KEY }] } } };
    expect(maskToolOutput(output)).toEqual({ output, masked: [] });
  });
});
