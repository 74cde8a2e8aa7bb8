'use client';
import { useEffect, useState } from 'react';
import { isDark, storedTheme, THEME_KEY, THEMES, type Theme } from '@/lib/settings/theme';

const LABELS: Record<Theme, string> = { system: 'As the system', light: 'Light', dark: 'Dark' };

function prefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies a theme to the page now, as the root layout's first script does on load. */
function apply(theme: Theme) {
  const dark = isDark(theme, prefersDark());
  document.documentElement.classList.toggle('dark', dark);
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused: the choice lasts until the page reloads.
  }
  // Open views follow the page's theme (components/apps/use-host-context.ts).
  window.dispatchEvent(new CustomEvent('mcplet:theme', { detail: dark ? 'dark' : 'light' }));
}

/** The theme of this device (lib/settings/theme.ts says why it is not the account's). */
export function ThemeChoice() {
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    try {
      setTheme(storedTheme(localStorage.getItem(THEME_KEY)));
    } catch {
      setTheme('system');
    }
  }, []);

  return (
    <fieldset className="flex flex-col gap-1" data-testid="theme-choice">
      <legend className="text-sm font-medium">Theme</legend>
      <p className="text-xs text-muted">Kept on this device: another device keeps its own.</p>
      {THEMES.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="theme"
            value={value}
            disabled={theme === null}
            checked={theme === value}
            onChange={() => {
              setTheme(value);
              apply(value);
            }}
            data-testid={`theme-${value}`}
          />
          {LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
