'use client';
import { useState } from 'react';

/**
 * A server's or a tool's icon, as the host serves it (GET /api/icons): decorative beside the name it
 * goes with, and gone when it cannot be shown (the host refused or could not fetch it).
 */
export function McpIcon({
  serverId,
  toolName,
  size = 16,
}: {
  serverId: string;
  toolName?: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const query = new URLSearchParams({ server: serverId, ...(toolName ? { tool: toolName } : {}) });
  return (
    // biome-ignore lint/performance/noImgElement: the host's own small icon route; nothing to optimise
    <img
      src={`/api/icons?${query}`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-sm object-contain"
      data-testid="mcp-icon"
      onError={() => setFailed(true)}
    />
  );
}
