import { buildSync } from 'esbuild';

let cached: string | null = null;

const STYLE = `
:root{color-scheme:light dark;font-family:var(--font-sans,system-ui,sans-serif);font-size:var(--font-text-md-size,15px);
  color:var(--color-text-primary,#111);background:var(--color-background-primary,#fff)}
body{margin:0;padding:12px}
header{display:flex;align-items:center;gap:8px;margin-bottom:8px}
h1{font-size:16px;margin:0;flex:1}
h2{font-size:15px;margin:8px 0}
#status{color:var(--color-text-secondary,#555);font-size:13px;margin:0 0 8px}
#status[data-kind=error],.draft[data-kind=error]{color:var(--color-text-danger,#b42318)}
.draft[data-kind=ok],.booked{color:var(--color-text-success,#067647)}
button:disabled{cursor:default;opacity:.7}
form[data-state=booked] [data-action=book]{font-weight:600}
ul{list-style:none;margin:0;padding:0;display:grid;gap:8px;max-height:none}
li{border:1px solid var(--color-border-primary,#ddd);border-radius:var(--border-radius-md,6px);padding:8px;background:var(--color-background-secondary,#f6f7f9)}
.row{display:flex;flex-direction:column}
.meta{font-size:13px;color:var(--color-text-secondary,#555)}
.actions{display:flex;gap:6px;margin-top:6px;flex-wrap:wrap}
button{font:inherit;font-size:13px;padding:3px 8px;border-radius:var(--border-radius-sm,4px);border:1px solid var(--color-border-primary,#ccc);
  background:var(--color-background-primary,#fff);color:inherit;cursor:pointer}
form{display:grid;gap:6px;max-width:22rem}
label{display:flex;justify-content:space-between;gap:8px;font-size:13px}
input{font:inherit;font-size:13px}
#app[data-mode=fullscreen] ul{grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
`;

/** The view's HTML: one self-contained file, the App SDK bundled in (no network needed). */
export function viewHtml(): string {
  if (cached) return cached;
  const bundle = buildSync({
    entryPoints: [new URL('./view/main.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  const script = (bundle.outputFiles[0]?.text ?? '').replace(/<\/script/gi, '<\\/script');
  cached = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Restaurants</title><style>${STYLE}</style></head>
<body><div id="app" data-mode="inline">
<header><h1>Restaurants</h1></header>
<p id="status" role="status">Waiting for the search…</p>
<ul id="results" aria-label="Results"></ul>
<section id="detail" aria-live="polite"></section>
</div><script type="module">${script}</script></body></html>`;
  return cached;
}
