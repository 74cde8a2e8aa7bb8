import { describe, expect, it } from 'vitest';
import {
  checkCompletionAsk,
  checkPromptArguments,
  MAX_ARGUMENT_VALUE,
  MAX_COMPLETIONS,
  MAX_PROMPT_TEXT,
  matchesFilter,
  type PromptInfo,
  promptMessagesText,
  readCompletions,
  readPromptList,
} from './prompts';

const ICON = 'data:image/png;base64,iVBORw0KGgo=';

const review: PromptInfo = {
  name: 'code_review',
  title: 'Review code',
  icons: [],
  arguments: [
    { name: 'language', title: 'Language', required: true },
    { name: 'focus', required: false },
  ],
};

describe('MCP prompts/list, read leniently (server feature "prompts")', () => {
  it('keeps every usable prompt, skips one without a name and a second of the same name', () => {
    const { prompts, skipped } = readPromptList([
      { name: 'a', title: 'A', description: 'first', arguments: [{ name: 'x', required: true }] },
      { title: 'no name' },
      'not an object',
      { name: 'a', title: 'again' },
      { name: 'b' },
    ]);
    expect(prompts).toEqual([
      { name: 'a', title: 'A', description: 'first', icons: [], arguments: [{ name: 'x', required: true }] },
      { name: 'b', icons: [], arguments: [] },
    ]);
    expect(skipped).toBe(3);
  });

  it('keeps inline image icons only: a remote icon is never kept, so never fetched', () => {
    const [prompt] = readPromptList([
      {
        name: 'p',
        icons: [
          { src: 'https://icons.example.com/p.png' },
          { src: ICON, mimeType: 'image/png', sizes: ['16x16'], theme: 'dark' },
          { src: 'data:text/html;base64,PHNjcmlwdD4=' },
          { src: `data:image/png;base64,${'A'.repeat(40_000)}` },
        ],
      },
    ]).prompts;
    expect(prompt?.icons).toEqual([{ src: ICON, mimeType: 'image/png', sizes: ['16x16'], theme: 'dark' }]);
  });

  it('bounds what a server says: long titles and descriptions cut, arguments without a name dropped', () => {
    const [prompt] = readPromptList([
      {
        name: 'p',
        title: 't'.repeat(500),
        description: 'd'.repeat(5_000),
        arguments: [{ description: 'no name' }, { name: 'ok', title: 'OK', required: 'yes' }, { name: 'ok' }],
      },
    ]).prompts;
    expect(prompt?.title?.length).toBe(200);
    expect(prompt?.description?.length).toBe(1_000);
    expect(prompt?.arguments).toEqual([{ name: 'ok', title: 'OK', required: false }]);
  });
});

describe("a prompt's arguments, checked before prompts/get", () => {
  it('takes text values of declared arguments, leaving empty optional ones out', () => {
    expect(checkPromptArguments(review, { language: 'Rust', focus: '' })).toEqual({
      ok: true,
      value: { language: 'Rust' },
    });
  });

  it('refuses each broken rule with a sentence', () => {
    const refused = (given: unknown) => {
      const checked = checkPromptArguments(review, given);
      return checked.ok ? 'accepted' : checked.error;
    };
    expect(refused(['Rust'])).toBe('Arguments must be an object of text values.');
    expect(refused({ focus: 'x' })).toBe('The argument "Language" of "Review code" is required.');
    expect(refused({ language: '   ' })).toBe('The argument "Language" of "Review code" is required.');
    expect(refused({ language: 'Rust', other: 'x' })).toBe(
      'The prompt "code_review" has no argument "other".',
    );
    expect(refused({ language: 3 })).toBe('The argument "language" must be text.');
    expect(refused({ language: 'x'.repeat(MAX_ARGUMENT_VALUE + 1) })).toBe(
      'The argument "language" is longer than 4,000 characters.',
    );
    expect(refused(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${i}`, 'x'])))).toBe(
      'Arguments name more than 32 arguments.',
    );
  });

  it('a prompt without required arguments needs none', () => {
    expect(checkPromptArguments({ name: 'p', icons: [], arguments: [] }, undefined)).toEqual({
      ok: true,
      value: {},
    });
  });
});

describe('completion/complete for a prompt argument (ref/prompt)', () => {
  it('asks for a declared argument, with the other filled arguments as context', () => {
    expect(
      checkCompletionAsk(
        review,
        { name: 'focus', value: 'ty' },
        { arguments: { language: 'Python', focus: 'x' } },
      ),
    ).toEqual({
      ok: true,
      value: { argument: { name: 'focus', value: 'ty' }, context: { arguments: { language: 'Python' } } },
    });
    expect(checkCompletionAsk(review, { name: 'language', value: '' }, undefined)).toEqual({
      ok: true,
      value: { argument: { name: 'language', value: '' } },
    });
  });

  it('refuses an undeclared argument, a value that is not text, and context that is not the prompt’s', () => {
    expect(checkCompletionAsk(review, { name: 'nope', value: '' }, undefined)).toMatchObject({ ok: false });
    expect(checkCompletionAsk(review, { name: 'focus', value: 1 }, undefined)).toEqual({
      ok: false,
      error: 'A completion names an argument and the text typed so far.',
    });
    expect(checkCompletionAsk(review, { name: 'focus', value: '' }, { arguments: { secret: 'x' } })).toEqual({
      ok: false,
      error: 'The prompt "code_review" has no argument "secret".',
    });
  });

  it('reads an answer leniently: text values only, unique, at most 100', () => {
    expect(readCompletions({ completion: { values: ['a', 2, 'a', 'b'], total: 9, hasMore: false } })).toEqual(
      {
        values: ['a', 'b'],
        hasMore: true,
        total: 9,
      },
    );
    const many = readCompletions({ completion: { values: Array.from({ length: 150 }, (_, i) => `v${i}`) } });
    expect(many.values).toHaveLength(MAX_COMPLETIONS);
    expect(many.hasMore).toBe(true);
    expect(readCompletions('nonsense')).toEqual({ values: [], hasMore: false });
  });
});

describe("a prompt's messages as the text the user edits", () => {
  it("a user-only prompt reads as its messages' text", () => {
    expect(
      promptMessagesText({
        messages: [
          { role: 'user', content: { type: 'text', text: 'One.' } },
          { role: 'user', content: { type: 'text', text: 'Two.' } },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        messages: [
          { role: 'user', text: 'One.' },
          { role: 'user', text: 'Two.' },
        ],
        text: 'One.\n\nTwo.',
      },
    });
  });

  it('content other than text is described in words, and the assistant’s messages are labelled', () => {
    const read = promptMessagesText({
      messages: [
        { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
        { role: 'assistant', content: { type: 'text', text: 'I see it.' } },
        { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'file:///a.txt', text: 'A' } } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AA==' } } },
        { role: 'user', content: { type: 'resource_link', uri: 'file:///c', name: 'C' } },
        { role: 'user', content: { type: 'hologram' } },
      ],
    });
    expect(read.ok && read.value.text).toBe(
      [
        'User:\n[image omitted]',
        'Assistant:\nI see it.',
        'User:\n[audio omitted]',
        'User:\n[resource file:///a.txt]\nA',
        'User:\n[resource file:///b.bin omitted: not text]',
        'User:\n[resource link: file:///c (C)]',
        'User:\n[hologram content omitted]',
      ].join('\n\n'),
    );
  });

  it('refuses a prompt with no messages, or more text than a message may hold', () => {
    expect(promptMessagesText({ messages: [] })).toEqual({ ok: false, error: 'The prompt has no messages.' });
    expect(
      promptMessagesText({
        messages: [{ role: 'user', content: { type: 'text', text: 'x'.repeat(MAX_PROMPT_TEXT + 1) } }],
      }),
    ).toEqual({
      ok: false,
      error: "The prompt's text is longer than the 32,000 characters a message may hold.",
    });
  });
});

describe('the / menu filter', () => {
  it('keeps a prompt whose name or title holds every word typed, in any case', () => {
    expect(matchesFilter(review, '')).toBe(true);
    expect(matchesFilter(review, 'REV')).toBe(true);
    expect(matchesFilter(review, 'review code')).toBe(true);
    expect(matchesFilter(review, 'code_re')).toBe(true);
    expect(matchesFilter(review, 'trip')).toBe(false);
  });
});
