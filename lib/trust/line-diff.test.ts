import { describe, expect, it } from 'vitest';
import { LINE_DIFF_LIMITS, lineDiff } from './line-diff';

const kinds = (text: string, other: string) => lineDiff(text, other).lines.map((l) => `${l.kind}:${l.text}`);

describe("lineDiff: a changed view's HTML, line by line, bounded", () => {
  it('equal texts have no lines', () => {
    expect(lineDiff('<p>a</p>\n<p>b</p>', '<p>a</p>\n<p>b</p>')).toEqual({ lines: [], truncated: false });
  });

  it('shows removed and added lines with their context, the rest folded', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n');
    expect(kinds(before, after)).toEqual([
      'skipped:2 unchanged lines',
      'same:c',
      'same:d',
      'removed:e',
      'added:E',
      'same:f',
      'same:g',
      'same:h',
      'added:i',
    ]);
  });

  it('finds the minimal edit between moved lines (not a replace of everything)', () => {
    expect(kinds('x\ny\nz', 'y\nz\nx')).toEqual(['removed:x', 'same:y', 'same:z', 'added:x']);
  });

  it('past the table limit it still tells the truth: every old line removed, every new one added', () => {
    const limits = { ...LINE_DIFF_LIMITS, maxCells: 4 };
    expect(lineDiff('x\ny\nz', 'y\nz\nx', limits).lines.map((l) => l.kind)).toEqual([
      'removed',
      'removed',
      'removed',
      'added',
      'added',
      'added',
    ]);
  });

  it('shows a long (minified) line around its first difference, clipped', () => {
    const bundle = 'a'.repeat(5_000);
    const changed = `${bundle.slice(0, 3_000)}fetch("https://collector.example.net")${bundle.slice(3_000)}`;
    const { lines } = lineDiff(bundle, changed);
    expect(lines.map((l) => l.kind)).toEqual(['removed', 'added']);
    for (const line of lines) expect(line.text.length).toBeLessThanOrEqual(LINE_DIFF_LIMITS.maxLineChars + 2);
    expect(lines[1]?.text).toContain('fetch("https://collector.example.net")');
    expect(lines[1]?.text.startsWith('…')).toBe(true);
  });

  it('caps its output and says so', () => {
    const before = Array.from({ length: 1_000 }, (_, k) => `line ${k}`).join('\n');
    const after = Array.from({ length: 1_000 }, (_, k) => `LINE ${k}`).join('\n');
    const diff = lineDiff(before, after);
    expect(diff.truncated).toBe(true);
    expect(diff.lines).toHaveLength(LINE_DIFF_LIMITS.maxLines);
  });
});
