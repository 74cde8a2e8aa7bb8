/** One line of a diff as the review shows it; `skipped` stands for a run of unchanged lines left out. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added' | 'skipped';
  text: string;
}

export interface LineDiff {
  lines: DiffLine[];
  /** The diff had more to show than `maxLines`; the rest was left out. */
  truncated: boolean;
}

export interface LineDiffLimits {
  /** Lines of output at most (context and skipped markers included). */
  maxLines: number;
  /** Characters shown of one line; a changed line is shown around its first difference. */
  maxLineChars: number;
  /** Unchanged lines kept around each change. */
  context: number;
  /** The largest table the minimal diff may fill (old lines × new lines); past it, a plain replace. */
  maxCells: number;
}

export const LINE_DIFF_LIMITS: LineDiffLimits = {
  maxLines: 400,
  maxLineChars: 240,
  context: 2,
  maxCells: 1_000_000,
};

type Op = { kind: 'same' | 'removed' | 'added'; text: string; other?: string };

/** The edit script between two line lists: longest common subsequence when small enough, else replace all. */
function script(a: string[], b: string[], maxCells: number): Op[] {
  const m = a.length;
  const n = b.length;
  if ((m + 1) * (n + 1) > maxCells)
    return [
      ...a.map((text): Op => ({ kind: 'removed', text })),
      ...b.map((text): Op => ({ kind: 'added', text })),
    ];
  const width = n + 1;
  const table = new Uint32Array((m + 1) * width);
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--)
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < m || j < n) {
    if (i < m && j < n && a[i] === b[j]) {
      ops.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if (j >= n || (i < m && (table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0))) {
      ops.push({ kind: 'removed', text: a[i] ?? '' });
      i++;
    } else {
      ops.push({ kind: 'added', text: b[j] ?? '' });
      j++;
    }
  }
  return ops;
}

function firstDifference(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let k = 0;
  while (k < end && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

/**
 * A line shown within `max` characters. A minified bundle is one long line: a changed line is shown
 * from a little before where it first differs from its counterpart, so the change itself is in view.
 */
function clip(text: string, max: number, other?: string): string {
  const start = other === undefined ? 0 : Math.max(0, firstDifference(text, other) - Math.floor(max / 4));
  const shown = text.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${shown}${start + max < text.length ? '…' : ''}`;
}

/** Pairs each removed line of a run with the added line at the same place, to clip both around their difference. */
function pairRuns(ops: Op[]): void {
  let k = 0;
  while (k < ops.length) {
    if (ops[k]?.kind !== 'removed') {
      k++;
      continue;
    }
    const removedStart = k;
    while (ops[k]?.kind === 'removed') k++;
    const addedStart = k;
    while (ops[k]?.kind === 'added') k++;
    const pairs = Math.min(addedStart - removedStart, k - addedStart);
    for (let p = 0; p < pairs; p++) {
      const removed = ops[removedStart + p];
      const added = ops[addedStart + p];
      if (removed && added) {
        removed.other = added.text;
        added.other = removed.text;
      }
    }
  }
}

const folded = (count: number): DiffLine => ({
  kind: 'skipped',
  text: `${count} unchanged line${count === 1 ? '' : 's'}`,
});

/**
 * A line-based diff of two texts, for a person to read: changed lines with a little context, long
 * unchanged runs folded, every line and the whole bounded. Pure; equal texts give no lines.
 */
export function lineDiff(before: string, after: string, limits: LineDiffLimits = LINE_DIFF_LIMITS): LineDiff {
  if (before === after) return { lines: [], truncated: false };
  const a = before.split('\n');
  const b = after.split('\n');
  // Common head and tail first: the table is only needed for what lies between.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const ops: Op[] = [
    ...a.slice(0, head).map((text): Op => ({ kind: 'same', text })),
    ...script(a.slice(head, a.length - tail), b.slice(head, b.length - tail), limits.maxCells),
    ...a.slice(a.length - tail).map((text): Op => ({ kind: 'same', text })),
  ];
  pairRuns(ops);

  const keep = new Array<boolean>(ops.length).fill(false);
  ops.forEach((op, k) => {
    if (op.kind === 'same') return;
    for (let c = Math.max(0, k - limits.context); c <= Math.min(ops.length - 1, k + limits.context); c++)
      keep[c] = true;
  });
  const lines: DiffLine[] = [];
  let skipped = 0;
  let truncated = false;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k];
    if (!op) continue;
    if (!keep[k]) {
      skipped++;
      continue;
    }
    if (lines.length + (skipped > 0 ? 2 : 1) > limits.maxLines) {
      truncated = true;
      break;
    }
    if (skipped > 0) {
      lines.push(folded(skipped));
      skipped = 0;
    }
    lines.push({ kind: op.kind, text: clip(op.text, limits.maxLineChars, op.other) });
  }
  if (!truncated && skipped > 0) lines.push(folded(skipped));
  return { lines, truncated };
}
