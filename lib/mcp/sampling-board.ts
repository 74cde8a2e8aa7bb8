import 'server-only';
import type { SamplingPrompt } from '../mcplet/sampling-request';

interface Entry {
  userId: string;
  serverId: string;
  prompt: SamplingPrompt;
}

/**
 * The sampling requests waiting for each user, by gate ticket id, for the browser to find
 * (`GET /api/sampling`, polled like elicitations while calls are in flight). The ticket itself, and
 * so the decision and its binding, lives in the gate store; this keeps only what the dialog draws
 * and whether it offered "always". Held in the process whose call waits on the request, as the
 * elicitation store is.
 */
export class SamplingBoard {
  private readonly entries = new Map<string, Entry>();

  add(userId: string, serverId: string, prompt: SamplingPrompt): void {
    this.entries.set(prompt.id, { userId, serverId, prompt });
  }

  remove(id: string): void {
    this.entries.delete(id);
  }

  /** This user's waiting requests only: another user's do not exist for them. */
  prompts(userId: string): SamplingPrompt[] {
    return [...this.entries.values()].filter((e) => e.userId === userId).map((e) => e.prompt);
  }

  entry(id: string, userId: string): Entry | undefined {
    const entry = this.entries.get(id);
    return entry?.userId === userId ? entry : undefined;
  }
}

const holder = globalThis as unknown as { __mcpletSamplingBoard?: SamplingBoard };

export function samplingBoard(): SamplingBoard {
  holder.__mcpletSamplingBoard ??= new SamplingBoard();
  return holder.__mcpletSamplingBoard;
}
