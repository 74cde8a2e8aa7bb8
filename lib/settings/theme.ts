/**
 * The theme is the device's, not the account's: "system" follows this device's setting, and a
 * phone and a laptop may well want different ones. It lives in this browser's storage under the key
 * the root layout's first script reads before paint (app/layout.tsx), which the header's toggle
 * writes too.
 */
export const THEME_KEY = 'mcplet:theme';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The stored choice: anything but light or dark (nothing stored, say) follows the system. */
export function storedTheme(value: string | null): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether the page is dark under `theme`, given whether the system prefers dark. */
export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}
