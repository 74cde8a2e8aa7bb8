'use client';
import { useEffect, useRef, useState } from 'react';
import {
  atLeast,
  filterLog,
  isLogLevel,
  LOG_FILTERS,
  LOG_LEVELS,
  type LogFilter,
  type LogLevel,
  type LogLevelControl,
  type ServerLogEntry,
} from '@/lib/mcp/log-levels';
import { Button } from '../ui/button';
import { ScrollRegion } from '../ui/scroll-region';
import { postJson, type ServerView } from './api';

const field = 'rounded-md border border-border bg-bg px-2 py-1 text-sm';

function levelTone(level: LogLevel): string {
  if (atLeast(level, 'error')) return 'text-danger';
  if (level === 'warning') return 'text-warn';
  return level === 'debug' ? 'text-muted' : '';
}

/** Who wrote the entry: the host, the server (with its logger), or the server's stderr. */
function sourceText(entry: ServerLogEntry): string {
  if (entry.source === 'server') return entry.logger ? `server (${entry.logger})` : 'server';
  return entry.source;
}

/** `logging/setLevel` for a 2025-era server that offers it; otherwise the line that says why not. */
function LevelControl({
  serverId,
  control,
  onChanged,
}: {
  serverId: string;
  control: LogLevelControl;
  onChanged: () => void;
}) {
  const [chosen, setChosen] = useState<LogLevel | ''>(control.level ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!control.settable)
    return (
      <p className="text-xs text-muted" data-testid="log-level-reason" data-why={control.why}>
        Log level: {control.reason}
      </p>
    );

  async function set() {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const result = await postJson(`/api/servers/${serverId}/log-level`, { level: chosen });
    setBusy(false);
    if (!result.ok) setError(result.error);
    onChanged();
  }

  const id = `log-level-${serverId}`;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="log-level-control">
      <label htmlFor={id} className="text-muted">
        Server sends
      </label>
      <select
        id={id}
        className={field}
        value={chosen}
        onChange={(event) => setChosen(isLogLevel(event.target.value) ? event.target.value : '')}
      >
        {control.level === null ? <option value="">its own choice</option> : null}
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level} and above
          </option>
        ))}
      </select>
      <Button onClick={set} disabled={busy || !chosen || chosen === control.level}>
        Set level
      </Button>
      {control.level ? (
        <span className="text-xs text-muted" data-testid="log-level-current">
          set to {control.level}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The server's log in the preview: the host's notes, the server's log messages and its stderr
 * (lib/mcp/server-log.ts), masked on the server; newest last, filtered by level here.
 */
export function ServerLog({ server, onChanged }: { server: ServerView; onChanged: () => void }) {
  const [filter, setFilter] = useState<LogFilter>('all');
  const shown = filterLog(server.log, filter);
  // The table's parent is the scroll box (ScrollRegion takes no ref).
  const table = useRef<HTMLTableElement>(null);
  // Follows the newest entry unless the reader scrolled up to read an older one.
  const following = useRef(true);
  const newest = shown.at(-1)?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the shown entries change
  useEffect(() => {
    const box = table.current?.parentElement;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [newest, shown.length]);

  const filterId = `log-filter-${server.id}`;
  return (
    <div className="text-sm" data-testid="server-log">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-muted">
            Show
          </label>
          <select
            id={filterId}
            className={field}
            value={filter}
            onChange={(event) =>
              setFilter(LOG_FILTERS.find((option) => option.value === event.target.value)?.value ?? 'all')
            }
          >
            {LOG_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <LevelControl
          key={`${server.logging.settable}-${server.logging.level}`}
          serverId={server.id}
          control={server.logging}
          onChanged={onChanged}
        />
      </div>
      {shown.length === 0 ? (
        <p className="mt-2 text-muted" data-testid="server-log-empty">
          {server.log.length === 0 ? 'Nothing logged yet.' : 'No entries at this level.'}
        </p>
      ) : (
        <ScrollRegion
          label={`Server log of ${server.name}`}
          className="mt-2 max-h-64 overflow-auto rounded border border-border"
          onScroll={(event) => {
            const box = event.currentTarget;
            following.current = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
          }}
        >
          <table ref={table} className="w-full font-mono text-xs">
            <thead className="sticky top-0 bg-surface text-left text-muted">
              <tr>
                <th scope="col" className="px-2 py-1 font-medium">
                  Time
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Level
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Source
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Message
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr
                  key={entry.seq}
                  className="border-t border-border align-top"
                  data-testid="log-entry"
                  data-level={entry.level}
                  data-source={entry.source}
                >
                  <td className="whitespace-nowrap px-2 py-1 text-muted">
                    <time dateTime={new Date(entry.at).toISOString()}>
                      {new Date(entry.at).toLocaleTimeString()}
                    </time>
                  </td>
                  <td className={`px-2 py-1 ${levelTone(entry.level)}`}>{entry.level}</td>
                  <td className="whitespace-nowrap px-2 py-1">{sourceText(entry)}</td>
                  <td className="px-2 py-1 break-all whitespace-pre-wrap">{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
