import type { ReactNode } from 'react';

type Highlighter = (code: string, language: string) => ReactNode | null;

let loading: Promise<Highlighter> | null = null;

/**
 * Syntax highlighting, loaded on the first code block (not in the page's first
 * load). lowlight gives a syntax tree of spans and text that React renders: no HTML string is ever
 * parsed, so a model's code cannot inject markup. Unknown languages stay plain.
 */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= Promise.all([
    import('lowlight'),
    import('hast-util-to-jsx-runtime'),
    import('react/jsx-runtime'),
  ]).then(([{ createLowlight, common }, { toJsxRuntime }, runtime]) => {
    const lowlight = createLowlight(common);
    return (code, language) => {
      const name = language.toLowerCase();
      if (!lowlight.registered(name)) return null;
      return toJsxRuntime(lowlight.highlight(name, code), {
        Fragment: runtime.Fragment,
        jsx: runtime.jsx,
        jsxs: runtime.jsxs,
      });
    };
  });
  return loading;
}
