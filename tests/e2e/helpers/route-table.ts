import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface RouteEntry {
  /** The URL pattern, with Next's dynamic segments as written (`/api/gates/[id]`). */
  path: string;
  /** HTTP methods a route handler exports, or `PAGE` for a page. */
  method: string;
  file: string;
}

const METHOD = /export\s+(?:async\s+)?(?:function\s+|const\s+)(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, found);
    else if (name === 'route.ts' || name === 'page.tsx') found.push(full);
  }
  return found;
}

/** Every route handler method and page under `app/`, read from the files (a new route is in it at once). */
export function routeTable(appDir = join(process.cwd(), 'app')): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const file of walk(appDir)) {
    const segments = relative(appDir, file)
      .split(sep)
      .slice(0, -1)
      .filter((s) => !/^\(.*\)$/.test(s));
    const path = `/${segments.join('/')}`;
    if (file.endsWith('page.tsx')) {
      entries.push({ path, method: 'PAGE', file });
      continue;
    }
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(METHOD)) entries.push({ path, method: match[1] as string, file });
  }
  return entries.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
