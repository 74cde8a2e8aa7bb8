/** The host's theme as MCP Apps standard style variables, read from the host's own CSS tokens. */
const TOKEN_MAP: Record<string, string> = {
  '--color-background-primary': '--bg',
  '--color-background-secondary': '--surface',
  '--color-background-tertiary': '--surface-2',
  '--color-background-danger': '--danger-bg',
  '--color-background-warning': '--warn-bg',
  '--color-text-primary': '--fg',
  '--color-text-secondary': '--muted',
  '--color-text-danger': '--danger',
  '--color-text-success': '--ok',
  '--color-text-warning': '--warn',
  '--color-text-info': '--accent',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border',
  '--color-ring-primary': '--ring',
};

const FIXED: Record<string, string> = {
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': '12px',
  '--font-text-sm-size': '14px',
  '--font-text-md-size': '15px',
  '--font-text-lg-size': '17px',
  '--font-text-sm-line-height': '20px',
  '--font-text-md-line-height': '24px',
  '--border-radius-xs': '2px',
  '--border-radius-sm': '4px',
  '--border-radius-md': '6px',
  '--border-radius-lg': '8px',
  '--border-radius-xl': '12px',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
  '--shadow-sm': '0 1px 2px rgb(0 0 0 / 0.08)',
  '--shadow-md': '0 4px 12px rgb(0 0 0 / 0.12)',
};

export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function themeStyles(): { variables: Record<string, string> } {
  const computed = getComputedStyle(document.documentElement);
  const variables: Record<string, string> = { ...FIXED };
  for (const [standard, own] of Object.entries(TOKEN_MAP)) {
    const value = computed.getPropertyValue(own).trim();
    if (value) variables[standard] = value;
  }
  variables['--font-sans'] = 'ui-sans-serif, system-ui, sans-serif';
  variables['--font-mono'] = 'ui-monospace, monospace';
  return { variables };
}

const stylesByTheme = new Map<Theme, { variables: Record<string, string> }>();

/**
 * `themeStyles()` of the page's current theme, read once per theme: `getComputedStyle`
 * recalculates the page's style, and every view would otherwise read it as it boots.
 */
export function currentThemeStyles(): { variables: Record<string, string> } {
  const theme = currentTheme();
  let styles = stylesByTheme.get(theme);
  if (!styles) {
    styles = themeStyles();
    stylesByTheme.set(theme, styles);
  }
  return styles;
}

export interface HostEnvironment {
  locale: string;
  timeZone: string;
  deviceCapabilities?: { touch: boolean; hover: boolean };
}

let environment: HostEnvironment | undefined;

/**
 * The browser's locale, time zone and pointer for every view's `hostContext`, read once per page
 * (a page's first `Intl.DateTimeFormat` loads the time zone data, about 20 ms).
 */
export function hostEnvironment(): HostEnvironment {
  environment ??= {
    locale: typeof navigator === 'undefined' ? 'en' : navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    deviceCapabilities:
      typeof window === 'undefined'
        ? undefined
        : { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
  return environment;
}
