import { describe, expect, it } from 'vitest';
import { resultMedia } from './result-media';

describe('the images and audio a card shows', () => {
  it('draws raster images and common audio from their own bytes', () => {
    expect(
      resultMedia({
        content: [
          { type: 'text', text: 'x' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/PNG' },
          { type: 'audio', data: 'UklGRiQ=', mimeType: 'audio/wav' },
        ],
      }),
    ).toEqual([
      { kind: 'image', mimeType: 'image/png', src: 'data:image/png;base64,iVBORw0KGgo=' },
      { kind: 'audio', mimeType: 'audio/wav', src: 'data:audio/wav;base64,UklGRiQ=' },
    ]);
  });

  it('skips SVG, unknown types, malformed base64 and anything that is not a result', () => {
    expect(
      resultMedia({
        content: [
          { type: 'image', data: 'PHN2Zz4=', mimeType: 'image/svg+xml' },
          { type: 'image', data: 'AAAA', mimeType: 'text/html' },
          { type: 'image', data: 'AA";onerror=alert(1)', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'video/mp4' },
          { type: 'image', data: 42, mimeType: 'image/png' },
        ],
      }),
    ).toEqual([]);
    expect(resultMedia(null)).toEqual([]);
    expect(resultMedia({ content: 'no' })).toEqual([]);
  });
});
