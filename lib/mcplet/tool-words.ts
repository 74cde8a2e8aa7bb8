/**
 * The words a person reads for a tool in the chat (its card, the gate dialog): the tool's own title
 * (MCP `title`, or `annotations.title`, read at admission), else its name made readable. Names and
 * ids stay where developers look (the preview) and in data- attributes.
 */

/** A tool name as words: `create_reservation`, `notes.add`, `getUserInfo` → "Create reservation", "Notes add", "Get user info". */
export function humanToolName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.\-/]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : name;
}

/** What the chat calls a tool: its title when it has one, else its name as words. */
export function toolLabel(title: string | undefined, name: string): string {
  const own = title?.trim();
  return own ? own : humanToolName(name);
}
