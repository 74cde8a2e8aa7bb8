import 'server-only';
import { type PromptInfo, readPromptList } from '../mcplet/prompts';
import { FeatureList, type FeatureSource, listPages, type Note } from './feature-list';

/** A server's MCP prompts (`prompts/list`, every page, read leniently by lib/mcplet/prompts.ts). */
const PROMPTS: FeatureSource<PromptInfo> = {
  what: 'prompts',
  method: 'prompts/list',
  noun: 'prompt',
  declared: (client) => client.getServerCapabilities()?.prompts !== undefined,
  async list(client, timeoutMs) {
    const listed = await listPages(client, 'prompts/list', 'prompts', timeoutMs);
    const { prompts, skipped } = readPromptList(listed.entries);
    return { ...listed, items: prompts, skipped };
  },
};

/** One server's prompts, kept on its connection (feature-list.ts says when they are listed). */
export class PromptList extends FeatureList<PromptInfo> {
  constructor(note: Note, timeoutMs: number) {
    super(PROMPTS, note, timeoutMs);
  }
}
