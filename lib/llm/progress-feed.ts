import type { CallProgress, ProgressListener } from '../mcp/call-progress';

/**
 * A call's progress on its way to the card. Only the newest report waits to be sent, and reports go
 * out at most one per `spacingMs`: a server may send thousands, and each one sent is a chunk every
 * reader of the reply receives and every replay keeps (active-streams.ts).
 */
export class ProgressFeed {
  private latest: CallProgress | null = null;
  private waiting: (() => void) | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(private readonly spacingMs = 250) {}

  readonly listener: ProgressListener = (progress) => {
    this.latest = progress;
    const wake = this.waiting;
    this.waiting = null;
    wake?.();
  };

  /** The newest report not yet taken, once there is one and `spacingMs` passed since the last. */
  next(): Promise<CallProgress> {
    return new Promise((resolve) => {
      const deliver = () => {
        const wait = this.lastSent + this.spacingMs - Date.now();
        if (wait > 0) {
          setTimeout(deliver, wait).unref?.();
          return;
        }
        const progress = this.latest;
        if (!progress) {
          this.waiting = deliver;
          return;
        }
        this.latest = null;
        this.lastSent = Date.now();
        resolve(progress);
      };
      deliver();
    });
  }
}

export type ProgressItem<S> = { kind: 'step'; step: S } | { kind: 'progress'; progress: CallProgress };

/** `steps` as they come, with the feed's reports between them, until the steps end. */
export async function* interleaveProgress<S>(
  steps: AsyncIterator<S>,
  feed: ProgressFeed,
): AsyncGenerator<ProgressItem<S>> {
  let step = steps.next();
  let progress = feed.next();
  for (;;) {
    // A step that is ready wins over a report that is (both settled: the array's order decides).
    const first = await Promise.race([
      step.then((read) => ({ read }) as const),
      progress.then((report) => ({ report }) as const),
    ]);
    if ('report' in first) {
      yield { kind: 'progress', progress: first.report };
      progress = feed.next();
      continue;
    }
    if (first.read.done) return;
    yield { kind: 'step', step: first.read.value };
    step = steps.next();
  }
}
