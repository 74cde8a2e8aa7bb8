'use client';
import { useCallback, useState } from 'react';
import { type AttachmentLimits, limitProblem } from '@/lib/chat/attachment-rules';

/** A file the user attached to the message being written, read into a data URL. */
export interface PendingFile {
  key: string;
  name: string;
  mediaType: string;
  size: number;
  url: string;
}

/** What a file's name says when the browser gives no type (a `.md` file, often). */
const BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function mediaTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unread'));
    reader.onerror = () => reject(reader.error ?? new Error('unread'));
    reader.readAsDataURL(file);
  });
}

let counter = 0;

/**
 * The files attached to the message being written: added by the button, a paste or a drop, each
 * checked against the host's limits at once (one the host would refuse is not added, and the notice
 * says why; the server checks again).
 */
export function useFileAttachments(limits: AttachmentLimits) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const add = useCallback(
    async (incoming: readonly File[]) => {
      if (incoming.length === 0) return;
      const facts = incoming.map((f) => ({
        file: f,
        name: f.name || 'file',
        mediaType: mediaTypeOf(f),
        size: f.size,
      }));
      const taken: PendingFile[] = [];
      let problem: string | null = null;
      for (const fact of facts) {
        problem = limitProblem([...files, ...taken, fact], limits);
        if (problem) break;
        try {
          // The browser's data URL says the browser's type, or none: it names the type the chip says.
          const url = await readDataUrl(fact.file);
          const base64 = url.slice(url.indexOf(',') + 1);
          counter += 1;
          taken.push({
            key: `file-${counter}`,
            name: fact.name,
            mediaType: fact.mediaType,
            size: fact.size,
            url: `data:${fact.mediaType};base64,${base64}`,
          });
        } catch {
          problem = `"${fact.name}" could not be read.`;
          break;
        }
      }
      setNotice(problem);
      if (taken.length > 0) setFiles((old) => [...old, ...taken]);
    },
    [files, limits],
  );

  const remove = useCallback((key: string) => {
    setFiles((old) => old.filter((f) => f.key !== key));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    setFiles([]);
    setNotice(null);
  }, []);

  return { files, notice, add, remove, clear };
}
