import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page a view's hostContext is read from: its theme class, its CSS variables, its media queries. */
function fakePage() {
  const page = { dark: false, styleReads: 0, mediaReads: 0 };
  vi.stubGlobal('document', {
    documentElement: { classList: { contains: (name: string) => name === 'dark' && page.dark } },
  });
  vi.stubGlobal('getComputedStyle', () => {
    page.styleReads++;
    const dark = page.dark;
    return { getPropertyValue: (name: string) => (name === '--bg' ? (dark ? '#000' : '#fff') : '') };
  });
  vi.stubGlobal('window', {});
  vi.stubGlobal('matchMedia', (query: string) => {
    page.mediaReads++;
    return { matches: query === '(hover: hover)' };
  });
  return page;
}

let page: ReturnType<typeof fakePage>;

beforeEach(() => {
  vi.resetModules();
  page = fakePage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MCP Apps hostContext reads, once per page', () => {
  it("the theme's style variables are read once per theme, and follow a theme change", async () => {
    const { currentThemeStyles } = await import('./host-context');
    const light = currentThemeStyles();
    expect(currentThemeStyles()).toBe(light);
    expect(light.variables['--color-background-primary']).toBe('#fff');
    expect(page.styleReads).toBe(1);

    page.dark = true;
    expect(currentThemeStyles().variables['--color-background-primary']).toBe('#000');
    expect(page.styleReads).toBe(2);

    page.dark = false;
    expect(currentThemeStyles()).toBe(light);
    expect(page.styleReads).toBe(2);
  });

  it('locale, time zone and pointer are read once, whatever the number of views', async () => {
    const { hostEnvironment } = await import('./host-context');
    const first = hostEnvironment();
    for (let i = 0; i < 5; i++) expect(hostEnvironment()).toBe(first);
    expect(page.mediaReads).toBe(2);
    expect(first.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(first.deviceCapabilities).toEqual({ touch: false, hover: true });
  });
});
