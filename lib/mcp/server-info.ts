import { chooseIcon, type IconSource } from '../mcplet/icons';
import { stripInvisible } from '../mcplet/names';

/** What a server says of itself at connect (`serverInfo`), as the host keeps and shows it. */
export function readServerInfo(info: { name: string; version: string; title?: unknown; icons?: unknown }): {
  name: string;
  version: string;
  title?: string;
  icon?: IconSource;
} {
  const read: { name: string; version: string; title?: string; icon?: IconSource } = {
    name: info.name,
    version: info.version,
  };
  if (typeof info.title === 'string') {
    const title = stripInvisible(info.title).text.trim().slice(0, 200);
    if (title) read.title = title;
  }
  const icon = chooseIcon(info.icons);
  if (icon) read.icon = icon;
  return read;
}
