'use client';
import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    setDark(document.documentElement.classList.contains('dark'));
  }, []);

  function toggle() {
    const next = !document.documentElement.classList.contains('dark');
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem('mcplet:theme', next ? 'dark' : 'light');
    } catch {
      // The choice then lasts only until reload.
    }
    setDark(next);
    window.dispatchEvent(new CustomEvent('mcplet:theme', { detail: next ? 'dark' : 'light' }));
  }

  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-sm hover:bg-surface-2"
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      title={dark ? 'Light theme' : 'Dark theme'}
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
