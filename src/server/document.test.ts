import { describe, expect, it } from 'vitest';
import { inlineEntryCode } from './document';
import { contentSecurityPolicy, scriptHashSource } from './security';

describe('the entry’s code written into pages (docs/decisions/0056-entry-in-the-page.md)', () => {
  it('drops the source map comment, whose relative URL would resolve against the page', () => {
    expect(inlineEntryCode('let a=1;\n//# sourceMappingURL=entry-a1.js.map\n', 'entry-a1.js')).toBe(
      'let a=1;',
    );
  });

  it('refuses a build whose entry imports a chunk by a relative path', () => {
    for (const code of [
      'import{a as e}from"./shared-a1.js";e();',
      'import"./side-a1.js";',
      'await import(`./late-a1.js`);',
    ])
      expect(() => inlineEntryCode(code, 'entry-a1.js'), code).toThrow(/entry-a1\.js imports/);
    expect(inlineEntryCode('await import(`/assets/late-a1.js`);', 'entry-a1.js')).toContain(
      '/assets/late-a1.js',
    );
  });

  it('refuses text that would end or confuse the script element', () => {
    expect(() => inlineEntryCode('let s=`</SCRIPT>`;', 'entry-a1.js')).toThrow(/<\/script/);
    expect(() => inlineEntryCode('let s=`<!--`;', 'entry-a1.js')).toThrow(/<!--/);
  });
});

describe('the CSP’s inline scripts', () => {
  const base = { media: 'https://dam.example', frames: [], scripts: [] };

  it('allows exactly the hashed code, never inline script in general', () => {
    const csp = contentSecurityPolicy({ ...base, inlineScripts: ['let a=1;'], dev: false });
    expect(csp).toContain(`script-src 'self' ${scriptHashSource('let a=1;')};`);
    expect(scriptHashSource('let a=1;')).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('leaves hashes out in development, where they would switch off Vite’s inline code', () => {
    const csp = contentSecurityPolicy({ ...base, inlineScripts: ['let a=1;'], dev: true });
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp).not.toContain('sha256-');
  });
});
