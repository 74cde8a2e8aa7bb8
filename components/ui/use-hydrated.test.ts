import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  return createElement('span', null, useHydrated() ? 'hydrated' : 'not yet');
}

describe('useHydrated', () => {
  it("is false in the server's HTML (a control that needs JavaScript renders disabled, a view renders no frame)", () => {
    expect(renderToString(createElement(Probe))).toBe('<span>not yet</span>');
  });
});
