import { describe, expect, it } from 'vitest';
import { acceptsSuggestion, answerModeRequest, resolveDisplayMode } from './display-mode';

describe('11.2 display mode resolution', () => {
  it('11.2 step 1: a concrete mode in tool metadata wins over everything', () => {
    expect(resolveDisplayMode({ toolMode: 'pip', suggestion: 'fullscreen', hostMode: 'inline' })).toEqual({
      mode: 'pip',
      step: 'tool-metadata',
      ignoredSuggestion: true,
    });
    expect(resolveDisplayMode({ toolMode: 'inline' })).toMatchObject({
      mode: 'inline',
      step: 'tool-metadata',
      ignoredSuggestion: false,
    });
  });

  it.each(['inline', 'fullscreen', 'pip'])(
    '11.2 step 2: a valid model suggestion (%s) wins for llm-* metadata',
    (suggestion) => {
      expect(resolveDisplayMode({ toolMode: 'llm-fullscreen', suggestion, hostMode: 'inline' })).toEqual({
        mode: suggestion,
        step: 'model-suggestion',
        ignoredSuggestion: false,
      });
    },
  );

  it.each([
    ['llm-inline', 'inline'],
    ['llm-fullscreen', 'fullscreen'],
    ['llm-pip', 'pip'],
  ])('11.2 step 3: %s without a suggestion falls back to %s', (toolMode, mode) => {
    expect(resolveDisplayMode({ toolMode, hostMode: 'inline' })).toMatchObject({
      mode,
      step: 'llm-fallback',
    });
  });

  it.each([['huge'], ['FULLSCREEN'], ['llm-pip'], [''], [42], [{ mode: 'pip' }], [['pip']]])(
    '11.2: an invalid suggestion %j is ignored, never an error',
    (suggestion) => {
      expect(resolveDisplayMode({ toolMode: 'llm-pip', suggestion })).toEqual({
        mode: 'pip',
        step: 'llm-fallback',
        ignoredSuggestion: true,
      });
    },
  );

  it('11.2 step 4: without tool metadata the host configuration decides', () => {
    expect(resolveDisplayMode({ hostMode: 'inline' })).toMatchObject({
      mode: 'inline',
      step: 'host-default',
    });
    expect(resolveDisplayMode({ toolMode: 'bogus', hostMode: 'pip' })).toMatchObject({
      mode: 'pip',
      step: 'host-default',
    });
  });

  it('11.2 step 4: a model suggestion cannot override host configuration for tools without llm-* metadata', () => {
    expect(resolveDisplayMode({ suggestion: 'pip', hostMode: 'inline' })).toMatchObject({
      mode: 'inline',
      ignoredSuggestion: true,
    });
  });

  it('11.2 step 5: the hard fallback is fullscreen', () => {
    expect(resolveDisplayMode({})).toEqual({
      mode: 'fullscreen',
      step: 'hard-fallback',
      ignoredSuggestion: false,
    });
    expect(resolveDisplayMode({ hostMode: 'bogus', suggestion: 'inline' })).toMatchObject({
      mode: 'fullscreen',
      step: 'hard-fallback',
    });
  });

  it('11.2 step 5 binds MCPlet tools only: a tool admitted by compatibility that names no mode opens inline', () => {
    expect(resolveDisplayMode({ compatibility: true })).toEqual({
      mode: 'inline',
      step: 'compatibility-default',
      ignoredSuggestion: false,
    });
    expect(resolveDisplayMode({ compatibility: true, suggestion: 'fullscreen' })).toMatchObject({
      mode: 'inline',
      ignoredSuggestion: true,
    });
    // Its own metadata and the host's configuration still come first.
    expect(resolveDisplayMode({ compatibility: true, toolMode: 'pip' }).mode).toBe('pip');
    expect(resolveDisplayMode({ compatibility: true, hostMode: 'fullscreen' }).mode).toBe('fullscreen');
  });

  it('11.1: only llm-* tools take a model suggestion', () => {
    expect(acceptsSuggestion('llm-inline')).toBe(true);
    expect(acceptsSuggestion('inline')).toBe(false);
    expect(acceptsSuggestion(undefined)).toBe(false);
  });
});

describe('MCP Apps ui/request-display-mode', () => {
  const all = ['inline', 'fullscreen', 'pip'] as const;

  it('switches to a mode both sides list', () => {
    expect(answerModeRequest('fullscreen', 'inline', all, ['inline', 'fullscreen'])).toEqual({
      mode: 'fullscreen',
      changed: true,
    });
  });

  it('refuses a mode the view did not list, answering the current mode', () => {
    expect(answerModeRequest('pip', 'inline', all, ['inline', 'fullscreen'])).toEqual({
      mode: 'inline',
      changed: false,
    });
  });

  it('refuses a mode the host does not offer, and nonsense', () => {
    expect(answerModeRequest('pip', 'inline', ['inline', 'fullscreen'], undefined)).toEqual({
      mode: 'inline',
      changed: false,
    });
    expect(answerModeRequest('theatre', 'inline', all, undefined)).toEqual({
      mode: 'inline',
      changed: false,
    });
  });

  it('a view that lists no modes may use any the host offers; the same mode is not a change', () => {
    expect(answerModeRequest('pip', 'inline', all, undefined)).toEqual({ mode: 'pip', changed: true });
    expect(answerModeRequest('inline', 'inline', all, [])).toEqual({ mode: 'inline', changed: false });
  });
});
