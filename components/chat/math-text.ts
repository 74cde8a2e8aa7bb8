/**
 * Finds TeX in a reply and rewrites it into the one form the math parser is set to read (`$$…$$`,
 * with single dollars left alone), so prices stay text: "$5 and $10" is not math. A single-dollar
 * span counts only in the strict form TeX writers use: no space after the opening `$`, none before
 * the closing one, and no digit right after it (so "$5-$10" is two prices). `\(…\)` and `\[…\]` are
 * read too. Code (fenced blocks and backtick spans) is never touched.
 */
export interface MathText {
  /** The text to render: its math in `$$…$$`, everything else as it was. */
  text: string;
  /** Whether any math was found: without it the renderer needs no math support at all. */
  hasMath: boolean;
}

const SINGLE_DOLLAR = /^\$(?![\s$])((?:\\.|[^$\\\n])+?)(?<!\s)\$(?!\d)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function findMath(text: string): MathText {
  if (!/[$\\]/.test(text)) return { text, hasMath: false };
  let hasMath = false;
  const out: string[] = [];
  const lines = text.split('\n');
  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length === 0) return;
    const rewritten = rewriteProse(prose.join('\n'));
    hasMath ||= rewritten.hasMath;
    out.push(rewritten.text);
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line);
    if (!fence) {
      prose.push(line);
      continue;
    }
    flushProse();
    // A fenced block runs to a fence of the same character at least as long, or to the end.
    const marker = fence[1] as string;
    const block = [line];
    for (i++; i < lines.length; i++) {
      const inner = lines[i] as string;
      block.push(inner);
      const close = FENCE.exec(inner);
      if (close && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length) break;
    }
    out.push(block.join('\n'));
  }
  flushProse();
  return { text: hasMath ? out.join('\n') : text, hasMath };
}

/** Rewrites the math in text that holds no fenced code (backtick spans are skipped here). */
function rewriteProse(s: string): MathText {
  let out = '';
  let hasMath = false;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '`') {
      const run = /^`+/.exec(s.slice(i))?.[0] ?? '`';
      const end = findRun(s, run, i + run.length);
      const stop = end === -1 ? i + run.length : end + run.length;
      out += s.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '\\') {
      const next = s[i + 1];
      if (next === '(' || next === '[') {
        const close = next === '(' ? '\\)' : '\\]';
        const end = s.indexOf(close, i + 2);
        const body = end === -1 ? '' : s.slice(i + 2, end);
        if (body.trim() !== '') {
          out += next === '(' ? `$$${body}$$` : `\n$$\n${body.trim()}\n$$\n`;
          hasMath = true;
          i = end + 2;
          continue;
        }
      }
      // Any other escape (`\$` included) stays as it is, and its character is not read as a delimiter.
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '$' && s[i + 1] === '$') {
      const end = s.indexOf('$$', i + 2);
      if (end !== -1 && s.slice(i + 2, end).trim() !== '') {
        out += s.slice(i, end + 2);
        hasMath = true;
        i = end + 2;
        continue;
      }
      // A lone `$$` is text; escaped so the math parser does not look for its end.
      out += '\\$\\$';
      i += 2;
      continue;
    }
    if (c === '$') {
      const match = SINGLE_DOLLAR.exec(s.slice(i));
      if (match) {
        out += `$$${match[1]}$$`;
        hasMath = true;
        i += match[0].length;
        continue;
      }
    }
    out += c;
    i++;
  }
  return { text: out, hasMath };
}

/** The next run of exactly `run` backticks at or after `from`, or -1. */
function findRun(s: string, run: string, from: number): number {
  for (let at = s.indexOf(run, from); at !== -1; at = s.indexOf(run, at + 1)) {
    const longer = s[at - 1] === '`' || s[at + run.length] === '`';
    if (!longer) return at;
  }
  return -1;
}
