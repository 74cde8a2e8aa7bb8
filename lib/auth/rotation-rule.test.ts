import { describe, expect, it } from 'vitest';
import { mayNeedRotation, rotationDue } from './rotation-rule';

describe('session rotation', () => {
  const hour = 3600_000;
  it('a session older than the rotation age gets a new token; a younger one keeps its own', () => {
    expect(rotationDue({ createdAt: 0, replaced: false }, 12 * hour, 12 * hour)).toBe('rotate');
    expect(rotationDue({ createdAt: 0, replaced: false }, 12 * hour - 1, 12 * hour)).toBe('none');
  });

  it('a replaced token, presented in its grace period, is handed its successor, however old it is', () => {
    expect(rotationDue({ createdAt: 0, replaced: true }, 1, 12 * hour)).toBe('successor');
    expect(rotationDue({ createdAt: 0, replaced: true }, 30 * hour, 12 * hour)).toBe('successor');
  });

  it('the proxy asks only for sessions of the rotation age (a replaced one is always that old)', () => {
    expect(mayNeedRotation(0, 12 * hour, 12 * hour)).toBe(true);
    expect(mayNeedRotation(0, 12 * hour - 1, 12 * hour)).toBe(false);
  });
});
