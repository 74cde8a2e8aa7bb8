import type { Surface } from './types';

export type VisibilityParse = { ok: true; visibility: Surface[] } | { ok: false; message: string };

/**
 * 8.1: exactly three configurations are allowed: ['model'], ['app'], ['model','app']. Order does not
 * matter (['app','model'] is the dual configuration); duplicates, unknown words, an empty list or a
 * non-array are refused. The result is normalised to the spec's order.
 */
export function parseVisibility(value: unknown): VisibilityParse {
  if (!Array.isArray(value)) return { ok: false, message: 'visibility must be an array' };
  if (value.length === 0)
    return { ok: false, message: 'visibility is empty, so no surface could call the tool' };
  const unknown = value.filter((v) => v !== 'model' && v !== 'app');
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `visibility has unknown value(s) ${unknown.map((v) => JSON.stringify(v)).join(', ')}`,
    };
  }
  if (new Set(value).size !== value.length) {
    return { ok: false, message: `visibility repeats a value (${JSON.stringify(value)})` };
  }
  const visibility: Surface[] = [];
  if (value.includes('model')) visibility.push('model');
  if (value.includes('app')) visibility.push('app');
  return { ok: true, visibility };
}

export function visibleTo(visibility: readonly Surface[], surface: Surface): boolean {
  return visibility.includes(surface);
}
