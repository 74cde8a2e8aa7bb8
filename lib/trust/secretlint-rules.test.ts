import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { HOST_SAMPLES, PRESET_SAMPLES } from './credential-fakes';
import { credentialPatterns, findCredentials } from './credentials';
import {
  PRESET_CREDENTIAL_RULES,
  PRESET_RULE_INFO,
  PRESET_RULE_NAMES,
  PRESET_RULES_NOT_DRIVEN,
} from './secretlint-rules';

// The preset's rules, driven synchronously by the host, must find what secretlint itself finds.
const lint = async (text: string) =>
  (
    await lintSource({
      source: { content: text, filePath: 'tool-output.txt', contentType: 'text' },
      options: { config: { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] } },
    })
  ).messages.map((message) => message.ruleId.replace('@secretlint/secretlint-rule-', 'secretlint/'));

describe('secretlint preset rules, driven directly', () => {
  it('every rule of the preset has a host entry (a prefilter and a reason) or is left out on purpose', () => {
    for (const name of PRESET_RULE_NAMES)
      expect(name in PRESET_RULE_INFO || PRESET_RULES_NOT_DRIVEN.includes(name), name).toBe(true);
    expect(PRESET_CREDENTIAL_RULES.map((rule) => rule.name)).toEqual(
      PRESET_RULE_NAMES.filter((name) => !PRESET_RULES_NOT_DRIVEN.includes(name)).map(
        (name) => `secretlint/${name}`,
      ),
    );
  });

  for (const [name, { text }] of Object.entries(PRESET_SAMPLES)) {
    if (name === 'secretlint/gcp') continue; // secretlint reads it from a .json file only
    it(`${name}: the host's driving finds it where secretlint's lintSource does`, async () => {
      expect(await lint(text)).toContain(name);
      expect(findCredentials(text, credentialPatterns({ enabled: [name] }))).toHaveLength(1);
    });
  }

  it('a report that stops inside a token is extended to the token’s end (a Slack app token’s tail)', () => {
    const { text, secret } = HOST_SAMPLES['slack-token']!;
    const findings = findCredentials(text, credentialPatterns({ enabled: ['secretlint/slack'] }));
    expect(findings.map((f) => f.value)).toEqual([secret]);
  });

  it('a secretlint-disable comment in a tool output does not switch detection off', async () => {
    const { text, secret } = PRESET_SAMPLES['secretlint/github']!;
    const disabled = `<!-- secretlint-disable -->\n${text}`;
    expect(await lint(disabled)).toEqual([]);
    expect(findCredentials(disabled, credentialPatterns()).map((f) => f.value)).toEqual([secret]);
  });
});
