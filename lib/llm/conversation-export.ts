import 'server-only';
import type { UIMessage } from 'ai';
import {
  buildExport,
  type ConversationExport,
  type ExportFormat,
  exportFileName,
  exportMarkdown,
} from '../chat/conversation-export';
import { configuredCredentialPatterns } from '../config/load';
import type { Db } from '../db';
import { type ConversationSummary, getConversation } from '../db/queries/conversations';
import type { CredentialPattern } from '../trust/credentials';
import { conversationMessages } from './interrupted-turns';
import { modelFacingHistory } from './model-history';
import { conversationSensitiveValues, ScrubBook } from './scrub-book';

export interface ExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

/**
 * The user's conversation as a file, or null when it is not theirs. What is exported is the
 * conversation as its model reads it (the one projection, model-history.ts): every value a tool
 * withheld is its placeholder, credentials are masked, and a tool's raw result never appears. The
 * stored parts are opened from their seals to build it and go no further.
 */
export async function exportConversation(
  db: Db,
  userId: string,
  id: string,
  format: ExportFormat,
): Promise<ExportFile | null> {
  const conversation = await getConversation(db, userId, id);
  if (!conversation) return null;
  const messages = await conversationMessages(db, userId, id);
  return exportFile(conversation, messages, format, configuredCredentialPatterns());
}

/** The file of a conversation read with its parts opened: projected as its model reads it first. */
export function exportFile(
  conversation: ConversationSummary,
  messages: UIMessage[],
  format: ExportFormat,
  credentialPatterns: readonly CredentialPattern[],
  now = new Date(),
): ExportFile {
  const scrub = new ScrubBook(conversationSensitiveValues(messages), credentialPatterns);
  const data: ConversationExport = buildExport(
    { id: conversation.id, title: conversation.title, modelId: conversation.modelId },
    modelFacingHistory(messages, scrub.options()),
    now,
  );
  return format === 'json'
    ? {
        body: `${JSON.stringify(data, null, 2)}\n`,
        contentType: 'application/json; charset=utf-8',
        fileName: exportFileName(conversation.title, 'json'),
      }
    : {
        body: exportMarkdown(data),
        contentType: 'text/markdown; charset=utf-8',
        fileName: exportFileName(conversation.title, 'md'),
      };
}
