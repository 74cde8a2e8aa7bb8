import { describe, expect, it } from 'vitest';
import { cornerAfterKey, nearestCorner, pipOffsets } from './pip-dock';

describe('cornerAfterKey', () => {
  it('moves to the neighbouring corner on the arrow’s side', () => {
    expect(cornerAfterKey('bottom-right', 'ArrowUp')).toBe('top-right');
    expect(cornerAfterKey('bottom-right', 'ArrowLeft')).toBe('bottom-left');
    expect(cornerAfterKey('top-left', 'ArrowDown')).toBe('bottom-left');
    expect(cornerAfterKey('top-left', 'ArrowRight')).toBe('top-right');
  });
  it('stays at the edge, and ignores other keys', () => {
    expect(cornerAfterKey('top-right', 'ArrowUp')).toBeNull();
    expect(cornerAfterKey('bottom-left', 'ArrowLeft')).toBeNull();
    expect(cornerAfterKey('bottom-left', 'Enter')).toBeNull();
  });
});

describe('nearestCorner', () => {
  const area = { top: 50, bottom: 750, left: 300, right: 1280 };
  it('is the quarter of the area the dropped centre is in', () => {
    expect(nearestCorner({ x: 400, y: 100 }, area)).toBe('top-left');
    expect(nearestCorner({ x: 1200, y: 700 }, area)).toBe('bottom-right');
    expect(nearestCorner({ x: 1200, y: 120 }, area)).toBe('top-right');
  });
});

describe('pipOffsets', () => {
  const area = { top: 50, bottom: 700, left: 0, right: 1280 };
  const viewport = { width: 1280, height: 800 };
  it('docks inside the list, clear of the composer below it', () => {
    expect(pipOffsets('bottom-right', area, viewport, false)).toEqual({ bottom: 108, right: 8 });
    expect(pipOffsets('top-left', area, viewport, false)).toEqual({ top: 58, left: 8 });
  });
  it('spans the list’s width on a phone', () => {
    expect(pipOffsets('bottom-left', { ...area, right: 390 }, { width: 390, height: 844 }, true)).toEqual({
      bottom: 152,
      left: 8,
      right: 8,
    });
  });
});
