/** The search view (MCP Apps). Rendering it belongs to the MCP Apps views issue; this is its shell. */
export function viewHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Restaurants</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:12px}</style></head>
<body><h1 style="font-size:16px">Restaurant search</h1><p id="status">Waiting for results…</p></body>
</html>`;
}
