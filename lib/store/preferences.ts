'use client';
import { type ChatMode, parseChatMode } from '../mcplet/chat-mode';

const CHAT_MODE_KEY = 'mcplet:chat-mode';
const MODEL_KEY = 'mcplet:model';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled; the preference then lasts only for this page.
  }
}

/** 12.1: the stored value is validated against the enum; anything else falls back to `normal`. */
export function storedChatMode(): ChatMode {
  return parseChatMode(read(CHAT_MODE_KEY));
}

export function storeChatMode(mode: ChatMode): void {
  write(CHAT_MODE_KEY, mode);
}

export function storedModel(): string | null {
  return read(MODEL_KEY);
}

export function storeModel(id: string): void {
  write(MODEL_KEY, id);
}

export function draftKey(conversationId: string): string {
  return `mcplet:draft:${conversationId}`;
}

export function readDraft(conversationId: string): string {
  try {
    return window.sessionStorage.getItem(draftKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(conversationId: string, text: string): void {
  try {
    if (text) window.sessionStorage.setItem(draftKey(conversationId), text);
    else window.sessionStorage.removeItem(draftKey(conversationId));
  } catch {
    // Drafts are a convenience; without storage the text still lives in the composer.
  }
}
