import { describe, expect, it } from 'vitest';
import { CHAT_MODES, isChatMode, judgeTurn, parseChatMode } from './chat-mode';

describe('12.1 chat modes', () => {
  it('12.1: supports normal and tool-only', () => {
    expect(CHAT_MODES).toEqual(['normal', 'tool-only']);
  });

  it.each([
    ['normal', 'normal'],
    ['tool-only', 'tool-only'],
    ['TOOL-ONLY', 'normal'],
    ['tool_only', 'normal'],
    ['', 'normal'],
    [null, 'normal'],
    [undefined, 'normal'],
    [42, 'normal'],
    [{ mode: 'tool-only' }, 'normal'],
    [['tool-only'], 'normal'],
  ])('12.1: a persisted %j falls back to normal unless it is in the enum (-> %s)', (input, expected) => {
    expect(parseChatMode(input)).toBe(expected);
  });

  it('12.1: isChatMode narrows only the enum values', () => {
    expect(isChatMode('normal')).toBe(true);
    expect(isChatMode('normal ')).toBe(false);
  });
});

describe('12.2 tool-only enforcement', () => {
  const allowed = new Set(['weather__forecast']);

  it('12.2: normal mode accepts any turn', () => {
    expect(judgeTurn('normal', [], allowed)).toEqual({ ok: true });
    expect(judgeTurn('normal', ['unknown'], allowed)).toEqual({ ok: true });
  });

  it('12.2: rejects a turn without a tool call, with recovery text', () => {
    const verdict = judgeTurn('tool-only', [], allowed);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.reason).toBe('no-tool-call');
      expect(verdict.recovery).toMatch(/without calling a tool/);
    }
  });

  it('12.2: explains that no tools exist when none are allowed', () => {
    const verdict = judgeTurn('tool-only', [], new Set());
    expect(!verdict.ok && verdict.recovery).toMatch(/no tools are available/);
  });

  it('12.2: rejects a disallowed tool call, naming it', () => {
    const verdict = judgeTurn('tool-only', ['weather__forecast', 'rm_rf'], allowed);
    expect(verdict).toMatchObject({ ok: false, reason: 'tool-not-allowed', toolNames: ['rm_rf'] });
    expect(!verdict.ok && verdict.recovery).toContain('`rm_rf`');
  });

  it('12.2: accepts a turn whose calls are all allowed', () => {
    expect(judgeTurn('tool-only', ['weather__forecast'], allowed)).toEqual({ ok: true });
  });
});
