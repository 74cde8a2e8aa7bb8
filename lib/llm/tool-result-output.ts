import type { ToolResultPart } from 'ai';
import type { ModelContent } from '../mcplet/projection';
import type { ProviderId } from './providers';

type ToolResultOutput = ToolResultPart['output'];

/** Which media a model takes inside a tool result; anything else reaches it as a one-line note. */
export interface ToolResultMedia {
  image: boolean;
  audio: boolean;
}

export const NO_MEDIA: ToolResultMedia = { image: false, audio: false };

/**
 * By what each provider's API carries in a tool result: Anthropic and OpenAI's
 * Responses API take images, Gemini images and audio; an OpenAI-compatible Chat Completions tool
 * message (Ollama, vLLM, the fake model) is text only.
 */
export function toolResultMedia(provider: ProviderId): ToolResultMedia {
  switch (provider) {
    case 'google':
      return { image: true, audio: true };
    case 'anthropic':
    case 'openai':
      return { image: true, audio: false };
    default:
      return NO_MEDIA;
  }
}

function approxBytes(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((base64.length * 3) / 4) - padding;
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * What the model receives of a projected result: plain text when it is all text (what local models
 * handle best); media as file parts when the model takes them, else a note that the user sees it
 * (never base64 inside a text string).
 */
export function modelOutput(content: ModelContent, media: ToolResultMedia = NO_MEDIA): ToolResultOutput {
  const parts = content.map((c) => {
    if (c.type === 'text') return { type: 'text' as const, text: c.text };
    if (media[c.type])
      return { type: 'file' as const, mediaType: c.mimeType, data: { type: 'data' as const, data: c.data } };
    return {
      type: 'text' as const,
      text: `[${c.type} (${c.mimeType}, ${approxBytes(c.data)}) shown to the user; this model does not take ${c.type === 'image' ? 'images' : 'audio'} in tool results]`,
    };
  });
  if (parts.every((p) => p.type === 'text'))
    return { type: 'text', value: parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n') };
  return { type: 'content', value: parts };
}
