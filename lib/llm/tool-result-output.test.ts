import { describe, expect, it } from 'vitest';
import type { ModelContent } from '../mcplet/projection';
import { modelOutput, NO_MEDIA, toolResultMedia } from './tool-result-output';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const content: ModelContent = [
  { type: 'text', text: 'A chart and its sound.' },
  { type: 'image', data: PNG, mimeType: 'image/png' },
  { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
];

describe('media in tool results reach the model as media parts', () => {
  it('all text stays one plain text output', () => {
    expect(
      modelOutput([
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
    ).toEqual({
      type: 'text',
      value: 'a\nb',
    });
  });

  it('a model that takes images and audio gets file parts with their media type, never base64 in text', () => {
    const output = modelOutput(content, { image: true, audio: true });
    expect(output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'A chart and its sound.' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
        { type: 'file', mediaType: 'audio/wav', data: { type: 'data', data: 'UklGRiQAAABXQVZF' } },
      ],
    });
  });

  it('a model that takes images only gets the image as a part and a note for the audio', () => {
    const output = modelOutput(content, toolResultMedia('anthropic'));
    expect(output.type).toBe('content');
    const value = output.type === 'content' ? output.value : [];
    expect(value[1]).toMatchObject({ type: 'file', mediaType: 'image/png' });
    expect(value[2]).toEqual({
      type: 'text',
      text: '[audio (audio/wav, 12 B) shown to the user; this model does not take audio in tool results]',
    });
  });

  it('a text-only tool message (OpenAI-compatible, Ollama) gets notes, and no base64 at all', () => {
    for (const provider of ['openai-compatible', 'ollama'] as const) {
      const output = modelOutput(content, toolResultMedia(provider));
      expect(output.type).toBe('text');
      const text = JSON.stringify(output);
      expect(text).not.toContain(PNG);
      expect(text).toContain('[image (image/png, 70 B) shown to the user');
    }
    expect(toolResultMedia('google')).toEqual({ image: true, audio: true });
    expect(toolResultMedia('openai')).toEqual({ image: true, audio: false });
    expect(modelOutput(content)).toEqual(modelOutput(content, NO_MEDIA));
  });
});
