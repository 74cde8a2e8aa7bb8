'use client';
import 'katex/dist/katex.min.css';
import { memo } from 'react';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { MarkdownBody } from './markdown-renderer';

// Single dollars are never math to the parser: math-text.ts has already written every span it
// accepts as `$$…$$`, so a price ("$5 and $10") reaches it as text.
const REMARK: NonNullable<Options['remarkPlugins']> = [[remarkMath, { singleDollarTextMath: false }]];
// KaTeX's defaults keep `trust` off (no \href, \url or \html* commands reach the page) and show a
// formula it cannot parse as its source in red rather than failing the reply.
const REHYPE: NonNullable<Options['rehypePlugins']> = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore' }],
];

/**
 * A reply with math (math-text.ts found it): the markdown renderer with KaTeX. Its own chunk, with
 * KaTeX's code, CSS and fonts, so a chat that never shows a formula never loads them.
 */
const MarkdownMath = memo(function MarkdownMath({ text }: { text: string }) {
  return <MarkdownBody text={text} remarkPlugins={REMARK} rehypePlugins={REHYPE} />;
});
export default MarkdownMath;
