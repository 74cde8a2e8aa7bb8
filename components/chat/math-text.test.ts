import { describe, expect, it } from 'vitest';
import { findMath } from './math-text';

describe('findMath: prices stay text', () => {
  for (const text of [
    'It costs $5 and $10.',
    'Between $5-$10 a month.',
    'I have $5. You have $3.',
    '$5,000 and $3,000',
    'US$5 or US$10',
    'Pay $ 5 and $ 6',
    'Escaped \\$x\\$ stays text',
    'A lone $$ sign pair',
    'Just $20',
  ]) {
    it(JSON.stringify(text), () => {
      expect(findMath(text)).toEqual({ text, hasMath: false });
    });
  }
});

describe('findMath: TeX is found and written as $$…$$', () => {
  it('inline single dollars', () => {
    expect(findMath('Energy: $E=mc^2$.')).toEqual({ text: 'Energy: $$E=mc^2$$.', hasMath: true });
  });
  it('a one-character span', () => {
    expect(findMath('let $x$ be')).toEqual({ text: 'let $$x$$ be', hasMath: true });
  });
  it('double dollars stay as they are', () => {
    const text = '$$\n\\int_0^1 x\\,dx\n$$';
    expect(findMath(text)).toEqual({ text, hasMath: true });
  });
  it('\\( \\) inline and \\[ \\] display', () => {
    expect(findMath('so \\(a+b\\) and \\[c^2\\]')).toEqual({
      text: 'so $$a+b$$ and \n$$\nc^2\n$$\n',
      hasMath: true,
    });
  });
  it('prices beside math stay text (their lone $$ escaped for the math parser)', () => {
    expect(findMath('$5 and $10 buy $x^2$ and $$ too')).toEqual({
      text: '$5 and $10 buy $$x^2$$ and \\$\\$ too',
      hasMath: true,
    });
  });
});

describe('findMath: code is never read as math', () => {
  it('backtick spans', () => {
    const text = 'run `echo $HOME$` now';
    expect(findMath(text)).toEqual({ text, hasMath: false });
  });
  it('double backtick spans holding a backtick', () => {
    const text = 'see ``a ` $x$`` here';
    expect(findMath(text)).toEqual({ text, hasMath: false });
  });
  it('fenced blocks, while prose after them is read', () => {
    const text = '```sh\necho $x$\n```\nthen $y$';
    expect(findMath(text)).toEqual({ text: '```sh\necho $x$\n```\nthen $$y$$', hasMath: true });
  });
  it('an unclosed fence runs to the end', () => {
    const text = '~~~\n$x$';
    expect(findMath(text)).toEqual({ text, hasMath: false });
  });
});
