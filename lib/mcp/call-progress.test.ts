import { describe, expect, it } from 'vitest';
import { createScrubSet } from '../trust/scrub';
import { MAX_PROGRESS_MESSAGE, progressFraction, readProgress, readTaskProgress } from './call-progress';

// MCP utilities/progress (2025-11-25, 2026-07-28): what a card may show of a progress notification.
describe('a progress notification as the card reads it', () => {
  it('keeps the progress, a positive total and the message', () => {
    expect(readProgress({ progressToken: 1, progress: 3, total: 10, message: 'Counted 3' })).toEqual({
      progress: 3,
      total: 10,
      message: 'Counted 3',
    });
  });

  it('is nothing when progress is not a finite number of zero or more', () => {
    for (const progress of [undefined, '3', Number.NaN, Number.POSITIVE_INFINITY, -1, null])
      expect(readProgress({ progress })).toBeNull();
    expect(readProgress(null)).toBeNull();
    expect(readProgress('half')).toBeNull();
  });

  it('drops a total that is not a positive finite number, keeping the progress', () => {
    for (const total of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '10'])
      expect(readProgress({ progress: 2, total })).toEqual({ progress: 2 });
  });

  it('makes the message one masked line of at most 200 characters', () => {
    const key = `${'AKIA'}${'Q2W3E4R5T6Y7U8I9'}`;
    const read = readProgress({ progress: 1, message: `line one\nkey ${key}\u0007\u202e end` });
    expect(read?.message).not.toContain(key);
    for (const control of ['\n', '\u0007', '\u202e']) expect(read?.message).not.toContain(control);
    expect(read?.message?.startsWith('line one key ')).toBe(true);
    expect(readProgress({ progress: 1, message: 'x'.repeat(500) })?.message).toHaveLength(
      MAX_PROGRESS_MESSAGE,
    );
    expect(readProgress({ progress: 1, message: ' \n\t ' })).toEqual({ progress: 1 });
  });

  it('masks the conversation’s withheld values too', () => {
    const read = readProgress(
      { progress: 1, message: 'booking for guest 4242-secret' },
      { scrubSet: createScrubSet(['4242-secret']) },
    );
    expect(read?.message).not.toContain('4242-secret');
  });

  it('gives a share done only with a total, and never more than all of it', () => {
    expect(progressFraction({ progress: 5 })).toBeNull();
    expect(progressFraction({ progress: 5, total: 20 })).toBe(0.25);
    expect(progressFraction({ progress: 30, total: 20 })).toBe(1);
  });
});

// MCP 2025-11-25 tasks: what a card may show of a task's status (tasks/get, CreateTaskResult).
describe('a task status as the card reads it', () => {
  it('tasks: keeps the status and id; the statusMessage is the line under it', () => {
    expect(readTaskProgress({ taskId: 't-1', status: 'working', statusMessage: 'Section 1 done' })).toEqual({
      progress: 0,
      task: { id: 't-1', status: 'working' },
      message: 'Section 1 done',
    });
  });

  it('tasks: a status the spec does not name is nothing', () => {
    expect(readTaskProgress({ taskId: 't-1', status: 'paused' })).toBeNull();
  });

  it('tasks: the id and the statusMessage are server text: one line, masked, bounded', () => {
    const key = `${'AKIA'}${'Q2W3E4R5T6Y7U8I9'}`;
    const read = readTaskProgress({
      taskId: `id\n${key} ${'x'.repeat(200)}`,
      status: 'input_required',
      statusMessage: `asks ${key}\u202e`,
    });
    expect(read?.task?.id).not.toContain(key);
    expect(read?.task?.id).not.toContain('\n');
    expect(read?.task?.id.length).toBeLessThanOrEqual(80);
    expect(read?.message).not.toContain(key);
    expect(read?.message).not.toContain('\u202e');
  });
});
