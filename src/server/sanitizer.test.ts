// @vitest-environment node
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createServerSanitizer } from './sanitizer';

const run = promisify(execFile);

describe('the server sanitiser', () => {
  it('gives the allow-list result for rich text and SVG alike', () => {
    const engine = createServerSanitizer({ svgPerWindow: 2 });
    expect(engine.html('<p onclick="x()">a <a href="/x" target="_blank">b</a></p>')).toBe(
      '<p>a <a href="/x" target="_blank" rel="noopener noreferrer">b</a></p>',
    );
    expect(engine.text('<p>a &amp; b</p>')).toBe('a & b');
    // Across window replacements (every two documents here) the SVG result stays the same.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" onload="x()"/></svg>';
    const outputs = Array.from({ length: 5 }, () => engine.svg(svg));
    expect(new Set(outputs).size).toBe(1);
    expect(outputs[0]).toContain('<rect width="1"');
    expect(outputs[0]).not.toContain('onload');
  });

  // Resident memory in a process of its own (bench/sanitizer-memory.ts gives the figures for
  // 100,000): 20,000 distinct fragments must not hold on to memory. DOMPurify on one jsdom
  // window, the former set-up, grows by about 90 KB a fragment, nearly 2 GB here.
  it('keeps resident memory flat over 20,000 distinct fragments', async () => {
    const script = `
      // The rich-text part of the engine, without loading jsdom for the SVG part.
      const { createHtmlSanitizer } = await import('./src/content/server-sanitizer.ts');
      const { RICH_TEXT_POLICY } = await import('./src/content/sanitize-policy.ts');
      const engine = { html: createHtmlSanitizer(RICH_TEXT_POLICY, 'html') };
      const fragment = (i) => '<p>Fragment <strong>' + i + '</strong> <a href="/x/' + i + '" target="_blank">lien</a></p><ul><li>' + i + '</li></ul>';
      for (let i = 0; i < 1000; i++) engine.html(fragment(-i));
      globalThis.gc();
      const before = process.memoryUsage().rss;
      for (let i = 0; i < 20000; i++) engine.html(fragment(i));
      globalThis.gc();
      console.log(JSON.stringify({ growth: process.memoryUsage().rss - before }));
    `;
    const { stdout } = await run(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: process.cwd(), maxBuffer: 1024 * 1024 },
    );
    const { growth } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { growth: number };
    expect(growth).toBeLessThan(40 * 1024 * 1024);
  });
});
