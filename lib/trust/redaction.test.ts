import { describe, expect, it } from 'vitest';
import { credentialPatterns } from './credentials';
import { isForAssistant, isSensitiveOutput, type ModelRedaction, redactForModel } from './redaction';
import { createScrubSet, WITHHELD_MARKER } from './scrub';

// Secrets assembled from parts so that no literal credential sits in the repository.
const API_SECRET = 'plr_abc123def456ghi789';
const GH_TOKEN = `${'ghp_'}${'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36)}`;
const REDEEM_URL = 'https://keys.example.com/redeem/ref_9f8e7d6c5b4a';
const REF_ID = 'ref_9f8e7d6c5b4a';

/** Everything the model would read of a redaction: the result and the host's notice. */
const modelText = (redaction: ModelRedaction) => JSON.stringify([redaction.result, redaction.notice ?? '']);

const apiKeyTool = {
  name: 'generate_api_key',
  outputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      secret: { type: 'string', 'x-sensitive': true },
    },
  },
};
const apiKeyResult = {
  content: [
    { type: 'text', text: JSON.stringify({ id: 'key_123', name: 'production', secret: API_SECRET }) },
  ],
  structuredContent: { id: 'key_123', name: 'production', secret: API_SECRET },
};

describe('redaction: WebMCP sensitive-output proposal section 3, per-field x-sensitive', () => {
  it('section 3: the proposal example: secret stripped, { id, name } passed, a notice says fields were redacted', () => {
    const redaction = redactForModel(apiKeyResult, apiKeyTool);
    expect(redaction.result.structuredContent).toEqual({ id: 'key_123', name: 'production' });
    expect(redaction.sensitiveValues).toEqual([API_SECRET]);
    expect(redaction.reasons).toContainEqual({
      rule: 'x-sensitive',
      where: '/structuredContent/secret',
      detail: 'a field the tool marks x-sensitive',
    });
    expect(redaction.notice).toContain('/structuredContent/secret');
    expect(redaction.notice).toContain('tool card');
    expect(modelText(redaction)).not.toContain(API_SECRET);
  });

  it('section 3: the stripped value is scrubbed from the text content that repeats it (verbatim, JSON, URL-encoded)', () => {
    const result = {
      ...apiKeyResult,
      content: [
        { type: 'text', text: `Created key production: ${API_SECRET}` },
        { type: 'text', text: JSON.stringify({ note: `"${API_SECRET}"` }) },
        {
          type: 'resource_link',
          uri: `https://example.com/use?k=${encodeURIComponent(API_SECRET)}`,
          name: 'use it',
        },
      ],
    };
    const redaction = redactForModel(result, apiKeyTool);
    expect(redaction.result.content[0]).toEqual({
      type: 'text',
      text: `Created key production: ${WITHHELD_MARKER}`,
    });
    expect(modelText(redaction)).not.toContain(API_SECRET);
    expect(modelText(redaction)).not.toContain(encodeURIComponent(API_SECRET));
  });

  it('section 3: nested objects: only the marked leaf is removed, its siblings stay', () => {
    const tool = {
      outputSchema: {
        type: 'object',
        properties: {
          account: {
            type: 'object',
            properties: {
              owner: { type: 'string' },
              credentials: {
                type: 'object',
                properties: { password: { type: 'string', 'x-sensitive': true } },
              },
            },
          },
        },
      },
    };
    const redaction = redactForModel(
      {
        content: [],
        structuredContent: {
          account: { owner: 'ann', credentials: { password: 'hunter2-long-pw', user: 'ann' } },
        },
      },
      tool,
    );
    expect(redaction.result.structuredContent).toEqual({
      account: { owner: 'ann', credentials: { user: 'ann' } },
    });
    expect(redaction.sensitiveValues).toEqual(['hunter2-long-pw']);
  });

  it('section 3: a marked object field removes the whole subtree and collects every leaf (numbers too)', () => {
    const tool = {
      outputSchema: {
        type: 'object',
        properties: { card: { type: 'object', 'x-sensitive': true }, last4: { type: 'string' } },
      },
    };
    const result = {
      content: [{ type: 'text', text: 'Card 4111111111111111 exp 12/29, pin 98765432' }],
      structuredContent: {
        card: { number: '4111111111111111', pin: 98765432, holder: { name: 'Ann Example' } },
        last4: '1111',
      },
    };
    const redaction = redactForModel(result, tool);
    expect(redaction.result.structuredContent).toEqual({ last4: '1111' });
    expect(redaction.sensitiveValues).toEqual(['4111111111111111', '98765432', 'Ann Example']);
    expect(modelText(redaction)).not.toContain('4111111111111111');
    expect(modelText(redaction)).not.toContain('98765432');
  });

  it('section 3: arrays of objects (items): the marked field is removed from every element', () => {
    const tool = {
      outputSchema: {
        type: 'object',
        properties: {
          keys: {
            type: 'array',
            items: {
              type: 'object',
              properties: { label: { type: 'string' }, token: { type: 'string', 'x-sensitive': true } },
            },
          },
        },
      },
    };
    const redaction = redactForModel(
      {
        content: [],
        structuredContent: {
          keys: [
            { label: 'a', token: 'token-aaaaaaaa' },
            { label: 'b', token: 'token-bbbbbbbb' },
          ],
        },
      },
      tool,
    );
    expect(redaction.result.structuredContent).toEqual({ keys: [{ label: 'a' }, { label: 'b' }] });
    expect(redaction.reasons.map((r) => r.where)).toEqual([
      '/structuredContent/keys/0/token',
      '/structuredContent/keys/1/token',
    ]);
  });

  it('section 3: marked array items become the marker (positions kept); tuple prefixItems and items arrays too', () => {
    const tool = {
      outputSchema: {
        type: 'object',
        properties: {
          codes: { type: 'array', items: { type: 'string', 'x-sensitive': true } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string', 'x-sensitive': true }] },
          legacy: { type: 'array', items: [{ type: 'string', 'x-sensitive': true }, { type: 'string' }] },
        },
      },
    };
    const redaction = redactForModel(
      {
        content: [],
        structuredContent: {
          codes: ['recovery-1111', 'recovery-2222'],
          pair: ['user-visible', 'pair-secret-1'],
          legacy: ['legacy-secret', 'visible'],
        },
      },
      tool,
    );
    expect(redaction.result.structuredContent).toEqual({
      codes: [WITHHELD_MARKER, WITHHELD_MARKER],
      pair: ['user-visible', WITHHELD_MARKER],
      legacy: [WITHHELD_MARKER, 'visible'],
    });
  });

  it('section 3: additionalProperties and patternProperties marks apply to the keys they govern', () => {
    const tool = {
      outputSchema: {
        type: 'object',
        properties: { service: { type: 'string' } },
        patternProperties: { '^token_': { type: 'string', 'x-sensitive': true } },
        additionalProperties: { type: 'object', properties: { password: { 'x-sensitive': true } } },
      },
    };
    const redaction = redactForModel(
      {
        content: [],
        structuredContent: {
          service: 'db',
          token_main: 'tok-main-123456',
          alice: { password: 'alice-password-1', role: 'admin' },
        },
      },
      tool,
    );
    expect(redaction.result.structuredContent).toEqual({ service: 'db', alice: { role: 'admin' } });
    expect(redaction.sensitiveValues).toEqual(['tok-main-123456', 'alice-password-1']);
  });

  it('section 3: allOf / anyOf / oneOf branches and local $refs are followed (every branch that marks, marks)', () => {
    const tool = {
      outputSchema: {
        $defs: { secretString: { type: 'string', 'x-sensitive': true } },
        type: 'object',
        allOf: [{ properties: { a: { $ref: '#/$defs/secretString' } } }],
        anyOf: [{ properties: { b: { 'x-sensitive': true } } }, { properties: { c: { type: 'string' } } }],
        oneOf: [{ properties: { d: { $ref: '#/definitions/d' } } }],
        definitions: { d: { 'x-sensitive': true } },
      },
    };
    const redaction = redactForModel(
      {
        content: [],
        structuredContent: { a: 'aaaa-secret', b: 'bbbb-secret', c: 'cccc-visible', d: 'dddd-secret' },
      },
      tool,
    );
    expect(redaction.result.structuredContent).toEqual({ c: 'cccc-visible' });
  });

  it('section 3: x-sensitive on the root removes structuredContent; only a literal true marks', () => {
    const root = redactForModel(
      { content: [], structuredContent: { a: 'root-secret-1' } },
      { outputSchema: { type: 'object', 'x-sensitive': true } },
    );
    expect(root.result).toEqual({ content: [] });
    expect(root.sensitiveValues).toEqual(['root-secret-1']);
    for (const mark of [false, 'true', 1, null]) {
      const redaction = redactForModel(
        { content: [], structuredContent: { a: 'not-a-secret' } },
        { outputSchema: { type: 'object', properties: { a: { 'x-sensitive': mark } } } },
      );
      expect(redaction.result.structuredContent).toEqual({ a: 'not-a-secret' });
      expect(redaction.sensitiveValues).toEqual([]);
    }
  });

  it('section 3: a self-referencing schema terminates and withholds what it could not check', () => {
    const redaction = redactForModel(
      { content: [], structuredContent: { a: 'loop-value-1' } },
      { outputSchema: { $ref: '#' } },
    );
    expect(redaction.result.structuredContent).toBeUndefined();
    expect(redaction.sensitiveValues).toEqual(['loop-value-1']);
  });
});

describe('redaction: WebMCP sensitive-output proposal section 1, sensitiveHint', () => {
  const hintTool = { annotations: { sensitiveHint: true } };

  it('section 1 with section 3: a schema naming its x-sensitive fields says which values the hint means; the others stay and are not scrubbed later', () => {
    const tool = { ...apiKeyTool, annotations: { sensitiveHint: true } };
    const redaction = redactForModel(apiKeyResult, tool);
    expect(redaction.result.structuredContent).toEqual({ id: 'key_123', name: 'production' });
    // The text may hold anything: under the hint it is still withheld whole.
    expect(redaction.result.content).toEqual([{ type: 'text', text: WITHHELD_MARKER }]);
    expect(redaction.sensitiveValues).toContain(API_SECRET);
    expect(redaction.sensitiveValues).not.toContain('production');
    expect(modelText(redaction)).not.toContain(API_SECRET);
    // Without a marked field the hint marks every value (next test), names included.
    const unmarked = redactForModel(apiKeyResult, { ...tool, outputSchema: { type: 'object' } });
    expect(unmarked.sensitiveValues).toContain('production');
  });

  it('section 1: a redacted structured result: same shape, every value the marker, never a raw value', () => {
    const result = {
      content: [{ type: 'text', text: `Your record: ${'Diagnosis: hypertension'}` }],
      structuredContent: { patient: { name: 'Ann Example', diagnosis: 'hypertension', visits: [3, null] } },
    };
    const tool = {
      ...hintTool,
      outputSchema: {
        type: 'object',
        properties: {
          patient: {
            $ref: '#/$defs/patient',
          },
        },
        $defs: {
          patient: {
            type: 'object',
            allOf: [{ properties: { name: { type: 'string' } } }],
            properties: {
              diagnosis: { type: 'string' },
              visits: { type: 'array', items: { type: 'number' } },
            },
          },
        },
      },
    };
    const redaction = redactForModel(result, tool);
    expect(redaction.result.structuredContent).toEqual({
      patient: { name: WITHHELD_MARKER, diagnosis: WITHHELD_MARKER, visits: [WITHHELD_MARKER, null] },
    });
    expect(redaction.result.content).toEqual([{ type: 'text', text: WITHHELD_MARKER }]);
    for (const raw of ['Ann Example', 'hypertension']) expect(modelText(redaction)).not.toContain(raw);
    expect(redaction.sensitiveValues).toEqual(
      expect.arrayContaining(['Ann Example', 'hypertension', 'Your record: Diagnosis: hypertension']),
    );
  });

  it('section 1: keys the output schema does not declare are data (a map by name) and are withheld too', () => {
    const tool = {
      ...hintTool,
      outputSchema: {
        type: 'object',
        properties: {
          byPatient: { type: 'object', additionalProperties: { type: 'object', properties: { dx: {} } } },
        },
      },
    };
    const result = {
      content: [],
      structuredContent: {
        byPatient: { 'Ann Example': { dx: 'flu-and-more' }, 'Bob Example': { dx: 'cold-and-more' } },
      },
    };
    const redaction = redactForModel(result, tool);
    expect(redaction.result.structuredContent).toEqual({
      byPatient: {
        [`${WITHHELD_MARKER} #1`]: { dx: WITHHELD_MARKER },
        [`${WITHHELD_MARKER} #2`]: { dx: WITHHELD_MARKER },
      },
    });
    expect(redaction.sensitiveValues).toEqual(
      expect.arrayContaining(['Ann Example', 'Bob Example', 'flu-and-more', 'cold-and-more']),
    );
    expect(modelText(redaction)).not.toContain('Example');
    const again = redactForModel(redaction.result, tool);
    expect(again.result).toEqual(redaction.result);
    expect(again.sensitiveValues).toEqual([]);
  });

  it('section 1: without an output schema every key is withheld as well as every value', () => {
    const redaction = redactForModel(
      { content: [], structuredContent: { 'ann@example.com': 'x' } },
      hintTool,
    );
    expect(redaction.result.structuredContent).toEqual({ [`${WITHHELD_MARKER} #1`]: WITHHELD_MARKER });
    expect(redaction.sensitiveValues).toEqual(['x', 'ann@example.com']);
  });

  it('section 1: option A of the proposal (the raw key as the only text) never reaches the model', () => {
    const redaction = redactForModel({ content: [{ type: 'text', text: API_SECRET }] }, hintTool);
    expect(redaction.result.content).toEqual([{ type: 'text', text: WITHHELD_MARKER }]);
    expect(redaction.sensitiveValues).toEqual([API_SECRET]);
    expect(redaction.notice).toContain('the tool marks its output sensitive');
  });

  it('section 1: without a reference, non-text blocks (image, embedded resource, link) are withheld too', () => {
    const redaction = redactForModel(
      {
        content: [
          { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'mem://k', text: 'resource-secret-1' } },
          { type: 'resource_link', uri: 'https://example.com/k', name: 'k' },
        ],
      },
      hintTool,
    );
    expect(redaction.result.content).toEqual([
      { type: 'text', text: WITHHELD_MARKER },
      { type: 'text', text: WITHHELD_MARKER },
      { type: 'text', text: WITHHELD_MARKER },
    ]);
    expect(redaction.sensitiveValues).toEqual(['resource-secret-1']);
  });

  it('section 1: the hint is read from the tool annotations, the tool _meta or the result; only a literal true', () => {
    expect(isSensitiveOutput({ annotations: { sensitiveHint: true } }, {})).toBe(true);
    expect(isSensitiveOutput({ _meta: { sensitiveHint: true } }, {})).toBe(true);
    expect(isSensitiveOutput({}, { _meta: { sensitiveHint: true } })).toBe(true);
    expect(isSensitiveOutput({}, { annotations: { sensitiveHint: true } })).toBe(true);
    expect(
      isSensitiveOutput({ annotations: { sensitiveHint: false } }, { _meta: { sensitiveHint: true } }),
    ).toBe(true);
    for (const hint of [false, 'true', 1, null]) {
      expect(
        isSensitiveOutput({ annotations: { sensitiveHint: hint } }, { _meta: { sensitiveHint: hint } }),
      ).toBe(false);
    }
    expect(isSensitiveOutput(undefined, 'garbage')).toBe(false);
    const viaMeta = redactForModel(
      { content: [{ type: 'text', text: API_SECRET }] },
      { _meta: { sensitiveHint: true } },
    );
    expect(modelText(viaMeta)).not.toContain(API_SECRET);
  });
});

describe('redaction: WebMCP sensitive-output proposal sections 4 and 4b, secret_reference', () => {
  const refResult = {
    content: [
      { type: 'text', text: 'Created API key "production"' },
      { type: 'secret_reference', id: REF_ID, label: 'API Key', redeemUrl: REDEEM_URL, ttl: 300 },
    ],
  };

  it('section 4b: id and redeemUrl never reach the model; the label may (ttl is not model-facing either)', () => {
    const redaction = redactForModel(refResult, {});
    expect(redaction.result.content).toEqual([
      { type: 'text', text: 'Created API key "production"' },
      { type: 'secret_reference', label: 'API Key' },
    ]);
    expect(redaction.sensitiveValues).toEqual([REF_ID, REDEEM_URL]);
    expect(redaction.reasons).toContainEqual({
      rule: 'secret_reference',
      where: '/content/1',
      detail: 'a secret reference the user can reveal',
    });
    expect(modelText(redaction)).not.toContain(REF_ID);
    expect(modelText(redaction)).not.toContain('keys.example.com');
  });

  it('section 4b: a text sibling that repeats the id or the redeemUrl is scrubbed', () => {
    const result = {
      content: [
        { type: 'text', text: `Reveal at ${REDEEM_URL} (reference ${REF_ID})` },
        { type: 'secret_reference', id: REF_ID, label: 'API Key', redeemUrl: REDEEM_URL },
      ],
    };
    expect(modelText(redactForModel(result, {}))).not.toContain(REF_ID);
  });

  it('section 4b with section 1: under sensitiveHint a reference keeps its non-sensitive text siblings', () => {
    const redaction = redactForModel(refResult, { annotations: { sensitiveHint: true } });
    expect(redaction.result.content).toEqual([
      { type: 'text', text: 'Created API key "production"' },
      { type: 'secret_reference', label: 'API Key' },
    ]);
  });

  it('section 4b with section 1: under sensitiveHint a reference does not let other block types through', () => {
    const redaction = redactForModel(
      {
        content: [
          ...refResult.content,
          { type: 'resource', resource: { uri: 'mem://x', text: 'other-secret-1' } },
        ],
      },
      { annotations: { sensitiveHint: true } },
    );
    expect(redaction.result.content[2]).toEqual({ type: 'text', text: WITHHELD_MARKER });
  });

  it('section 4: a reference without a label reaches the model as a bare reference; a secret in a label is masked', () => {
    const redaction = redactForModel(
      {
        content: [
          { type: 'secret_reference', id: REF_ID, redeemUrl: REDEEM_URL },
          { type: 'secret_reference', id: 'ref_2', label: `key ${GH_TOKEN}`, redeemUrl: REDEEM_URL },
        ],
      },
      {},
    );
    expect(redaction.result.content).toEqual([
      { type: 'secret_reference' },
      { type: 'secret_reference', label: `key ${WITHHELD_MARKER}` },
    ]);
  });
});

describe('redaction: MCP content annotations.audience', () => {
  const block = (annotations?: unknown) => ({
    type: 'text',
    text: 'audience-text-1',
    ...(annotations === undefined ? {} : { annotations }),
  });

  it('MCP audience: a block for the user only never reaches the model; assistant or both or none do', () => {
    const cases: [unknown, boolean][] = [
      [undefined, true],
      [{}, true],
      [{ priority: 1 }, true],
      [{ audience: ['assistant'] }, true],
      [{ audience: ['user', 'assistant'] }, true],
      [{ audience: ['user'] }, false],
      [{ audience: [] }, false],
      [{ audience: 'assistant' }, false],
      [{ audience: null }, false],
    ];
    for (const [annotations, kept] of cases) {
      const redaction = redactForModel({ content: [block(annotations)] }, {});
      expect(redaction.result.content.length, JSON.stringify(annotations)).toBe(kept ? 1 : 0);
      expect(isForAssistant(block(annotations))).toBe(kept);
      if (!kept)
        expect(redaction.reasons).toEqual([
          { rule: 'audience', where: '/content/0', detail: 'a content item addressed to the user only' },
        ]);
    }
  });

  it('MCP audience: a user-only secret_reference is dropped as well; siblings keep their order', () => {
    const redaction = redactForModel(
      {
        content: [
          { type: 'text', text: 'one' },
          {
            type: 'secret_reference',
            id: REF_ID,
            label: 'k',
            redeemUrl: REDEEM_URL,
            annotations: { audience: ['user'] },
          },
          { type: 'text', text: 'two' },
        ],
      },
      {},
    );
    expect(redaction.result.content).toEqual([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
    ]);
  });
});

describe('redaction: secrets nobody marked', () => {
  it('a credential in the plain text of an unmarked tool is withheld with its reason', () => {
    const redaction = redactForModel({ content: [{ type: 'text', text: `Your token is ${GH_TOKEN}.` }] }, {});
    expect(redaction.result.content).toEqual([{ type: 'text', text: `Your token is ${WITHHELD_MARKER}.` }]);
    expect(redaction.sensitiveValues).toEqual([GH_TOKEN]);
    expect(redaction.reasons).toEqual([
      { rule: 'credential', where: '/content/0/text', detail: 'a GitHub token' },
    ]);
    expect(redaction.notice).toContain('a GitHub token');
  });

  it('a credential used as a key is withheld there, and the notice names only its kind', () => {
    // Not AWS's published example key: secretlint's AWS rule leaves that one alone on purpose.
    const awsSecret = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'FAKEKEY123'}`;
    const key = `aws_secret_access_key=${awsSecret}`;
    const redaction = redactForModel({ content: [], structuredContent: { [key]: true } }, {});
    expect(modelText(redaction)).not.toContain(awsSecret);
    expect(modelText(redaction)).not.toContain('wJalrXUtnFEMI~1K7MDENG');
    expect(redaction.result.structuredContent).toEqual({
      [`aws_secret_access_key=${WITHHELD_MARKER}`]: true,
    });
    expect(redaction.notice).toContain('an AWS secret access key.');
  });

  it('a credential in structuredContent (any field name, keys too) is withheld and scrubbed from text', () => {
    const result = {
      content: [{ type: 'text', text: `link: https://x.test/?t=${encodeURIComponent(GH_TOKEN)}` }],
      structuredContent: { type: GH_TOKEN, data: [GH_TOKEN], [GH_TOKEN]: 1 },
    };
    const redaction = redactForModel(result, {});
    expect(modelText(redaction)).not.toContain(GH_TOKEN);
    expect(redaction.result.structuredContent).toEqual({
      type: WITHHELD_MARKER,
      data: [WITHHELD_MARKER],
      [WITHHELD_MARKER]: 1,
    });
  });

  it('a connection-string password is masked in place even below the scrub floor', () => {
    const redaction = redactForModel(
      { content: [{ type: 'text', text: 'postgres://user:pass@host/db' }] },
      {},
    );
    expect(redaction.result.content).toEqual([
      { type: 'text', text: `postgres://user:${WITHHELD_MARKER}@host/db` },
    ]);
  });

  it('host.config.json: the credential patterns are configurable', () => {
    const none = redactForModel(
      { content: [{ type: 'text', text: GH_TOKEN }] },
      {},
      { credentialPatterns: credentialPatterns({ enabled: [] }) },
    );
    expect(none.result.content).toEqual([{ type: 'text', text: GH_TOKEN }]);
  });

  it('binary payloads are neither searched nor altered', () => {
    const image = { type: 'image', data: 'AKIAIOSFODNN7EXAMPLE', mimeType: 'image/png' };
    expect(redactForModel({ content: [image] }, {}).result.content).toEqual([image]);
  });

  it('an embedded resource’s blob is binary; a blob or data field anywhere else is text', () => {
    const key = 'AKIAIOSFODNN7EXAMPLE';
    const resource = {
      type: 'resource',
      resource: { uri: 'file:///k.bin', blob: key, mimeType: 'application/x' },
    };
    const redacted = redactForModel(
      {
        content: [resource, { type: 'text', text: 'see', blob: key }],
        structuredContent: { blob: key, item: { data: key } },
      },
      {},
    );
    expect(redacted.result.content[0]).toEqual(resource);
    expect(redacted.result.content[1]).toEqual({ type: 'text', text: 'see', blob: WITHHELD_MARKER });
    expect(redacted.result.structuredContent).toEqual({
      blob: WITHHELD_MARKER,
      item: { data: WITHHELD_MARKER },
    });
    expect(redacted.reasons.map((reason) => reason.where)).toEqual([
      '/content/1/blob',
      '/structuredContent/blob',
      '/structuredContent/item/data',
    ]);
  });
});

describe('redaction: scrubbing of later context', () => {
  it('a value withheld from one result is scrubbed from a later result of another, unmarked tool', () => {
    const first = redactForModel(apiKeyResult, apiKeyTool);
    const scrubSet = createScrubSet(first.sensitiveValues);
    const later = redactForModel(
      { content: [{ type: 'text', text: `echo: ${API_SECRET}` }], structuredContent: { echoed: API_SECRET } },
      { name: 'echo' },
      { scrubSet },
    );
    expect(later.result).toEqual({
      content: [{ type: 'text', text: `echo: ${WITHHELD_MARKER}` }],
      structuredContent: { echoed: WITHHELD_MARKER },
    });
  });

  it('a numeric sensitive value (x-sensitive number) is withheld when a later result repeats it as a number', () => {
    const first = redactForModel(
      { content: [], structuredContent: { pin: 98765432 } },
      { outputSchema: { type: 'object', properties: { pin: { type: 'number', 'x-sensitive': true } } } },
    );
    expect(first.sensitiveValues).toEqual(['98765432']);
    const later = redactForModel(
      { content: [], structuredContent: { again: 98765432, other: 12 } },
      {},
      { scrubSet: createScrubSet(first.sensitiveValues) },
    );
    expect(later.result.structuredContent).toEqual({ again: WITHHELD_MARKER, other: 12 });
  });
});

describe('redaction: properties of every redaction', () => {
  const fixtures: { name: string; result: unknown; tool: unknown; secrets: string[] }[] = [
    { name: 'x-sensitive api key', result: apiKeyResult, tool: apiKeyTool, secrets: [API_SECRET] },
    {
      name: 'sensitiveHint with structured and text',
      result: { content: [{ type: 'text', text: API_SECRET }], structuredContent: { k: API_SECRET } },
      tool: { annotations: { sensitiveHint: true } },
      secrets: [API_SECRET],
    },
    {
      name: 'secret_reference under sensitiveHint',
      result: {
        content: [
          { type: 'text', text: `ref ${REF_ID}` },
          { type: 'secret_reference', id: REF_ID, label: 'API Key', redeemUrl: REDEEM_URL },
        ],
      },
      tool: { annotations: { sensitiveHint: true } },
      secrets: [REF_ID, REDEEM_URL],
    },
    {
      name: 'unmarked credential',
      result: {
        content: [{ type: 'text', text: GH_TOKEN }],
        structuredContent: { t: GH_TOKEN },
        isError: true,
      },
      tool: {},
      secrets: [GH_TOKEN],
    },
    {
      name: 'x-sensitive in arrays and maps, repeated in text',
      result: {
        content: [{ type: 'text', text: 'tokens: array-secret-1, map-secret-22' }],
        structuredContent: { list: [{ t: 'array-secret-1' }], map: { k: { p: 'map-secret-22' } } },
      },
      tool: {
        outputSchema: {
          type: 'object',
          properties: {
            list: { type: 'array', items: { properties: { t: { 'x-sensitive': true } } } },
            map: { additionalProperties: { properties: { p: { 'x-sensitive': true } } } },
          },
        },
      },
      secrets: ['array-secret-1', 'map-secret-22'],
    },
    {
      name: 'sensitiveHint on the result only, with a map',
      result: {
        content: [],
        structuredContent: { 'ann@example.com': 'record-1234' },
        _meta: { sensitiveHint: true },
      },
      tool: {},
      secrets: ['ann@example.com', 'record-1234'],
    },
    {
      name: 'user-only block',
      result: { content: [{ type: 'text', text: 'for-the-user-only', annotations: { audience: ['user'] } }] },
      tool: {},
      secrets: ['for-the-user-only'],
    },
  ];

  for (const { name, result, tool, secrets } of fixtures) {
    it(`no raw value anywhere in what the model reads (${name})`, () => {
      const text = modelText(redactForModel(result, tool));
      for (const secret of secrets) expect(text).not.toContain(secret);
    });

    it(`redacting twice is stable (${name})`, () => {
      const once = redactForModel(result, tool);
      const twice = redactForModel(once.result, tool);
      expect(twice.result).toEqual(once.result);
      expect(twice.sensitiveValues).toEqual([]);
    });
  }

  it('the result _meta is not model-facing; isError is kept; a malformed result gives empty content', () => {
    const redaction = redactForModel({ content: [], isError: true, _meta: { secret: 'meta-secret-1' } }, {});
    expect(redaction.result).toEqual({ content: [], isError: true });
    expect(redactForModel('garbage', {}).result).toEqual({ content: [] });
    expect(redactForModel({ content: [null, 3, { text: 'no type' }] }, {}).result).toEqual({ content: [] });
    expect(redactForModel({ content: [] }, {}).notice).toBeUndefined();
  });

  it('redaction does not change its input', () => {
    const input = structuredClone(apiKeyResult);
    redactForModel(input, apiKeyTool);
    expect(input).toEqual(apiKeyResult);
  });
});
