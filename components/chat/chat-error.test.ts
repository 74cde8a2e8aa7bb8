import { describe, expect, it } from 'vitest';
import { chatErrorText } from './chat-error';

describe('chat error text', () => {
  it('reads the error field of a JSON body', () => {
    expect(chatErrorText(new Error('{"error":"Invalid chat request: id bad."}'))).toBe(
      'Invalid chat request: id bad.',
    );
  });
  it('explains network failures', () => {
    expect(chatErrorText(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
  it('keeps other messages and handles nothing', () => {
    expect(chatErrorText(new Error('The model provider is rate limiting requests'))).toMatch(/rate limiting/);
    expect(chatErrorText(undefined)).toBeNull();
    expect(chatErrorText(new Error(''))).toMatch(/Something went wrong/);
  });
});
