import { describe, expect, it } from 'vitest';
import { isModernRevision } from './protocol-revision';

describe('which negotiated revisions are stateless', () => {
  it.each([
    ['2026-07-28', true],
    ['2027-01-15', true],
    ['2025-11-25', false],
    ['2025-06-18', false],
    ['2024-11-05', false],
    ['DRAFT-2026-v1', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j: %s', (version, modern) => {
    expect(isModernRevision(version)).toBe(modern);
  });
});
