import { describe, expect, it } from 'vitest';
import { buildLineFilter } from './quiet-build';

const output = [
  '▲ Next.js 16.4.6 (Turbopack)',
  '✓ Running next.config.ts took 57ms',
  '- Experiments (use with caution):',
  '  ⨯ preloadEntriesOnStart',
  '',
  '  Creating an optimized production build ...',
  '✓ Compiled successfully in 50s',
];

describe('the first start’s build output', () => {
  it('drops the experiments banner (its ⨯ reads as an error) and keeps the build’s progress', () => {
    expect(output.filter(buildLineFilter())).toEqual([
      '▲ Next.js 16.4.6 (Turbopack)',
      '✓ Running next.config.ts took 57ms',
      '',
      '  Creating an optimized production build ...',
      '✓ Compiled successfully in 50s',
    ]);
  });
});
