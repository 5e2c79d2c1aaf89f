/**
 * The structure rules of eslint.config.js bite: a deliberate import cycle, a feature importing
 * another feature, a shipped file importing the stand-ins, a shipped file importing the test
 * helpers of testing/ and a block's folder importing another block's are each reported
 * (docs/architecture.md, "Layers"). The probes go into a scratch copy of the project's lint set-up
 * (its config, tsconfig and node_modules), never into src/, which other tests read.
 */
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const probe = 'probe';
let root = '';
const files = {
  cycleA: `src/domain/${probe}/a.ts`,
  cycleB: `src/domain/${probe}/b.ts`,
  lazyCycleA: `src/ui/${probe}/a.ts`,
  lazyCycleB: `src/ui/${probe}/b.ts`,
  feature: `src/features/${probe}/probe.ts`,
  embedded: `src/content/${probe}/probe.ts`,
  embeddedInTest: `src/content/${probe}/probe.test.ts`,
  helpers: `src/blocks/${probe}/probe.ts`,
  helpersInTest: `src/blocks/${probe}/probe.test.ts`,
  helpersInStandIn: `embedded/${probe}/probe.ts`,
  helpersInStandInTest: `embedded/${probe}/probe.test.ts`,
  otherBlock: `src/blocks/${probe}/other-block.ts`,
  otherBlockInTest: `src/blocks/${probe}/other-block.test.ts`,
  sharedBlockCode: `src/blocks/${probe}/shared.ts`,
};
const sources: Record<keyof typeof files, string> = {
  cycleA: "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
  cycleB: "import { a } from './a';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
  // A cycle closed by a dynamic import() is still one.
  lazyCycleA: "import { later } from './b';\nexport const first = (): unknown => later();\n",
  lazyCycleB: "export const later = (): Promise<unknown> => import('./a').then((m) => m.first);\n",
  feature: "export { SiteMapPage } from '../site-map/SiteMapPage';\n",
  embedded: "export { startEmbeddedServices } from '../../../embedded/server';\n",
  embeddedInTest: "export { startEmbeddedServices } from '../../../embedded/server';\n",
  helpers: "export { fields } from '../../../testing/fields';\n",
  helpersInTest: "export { fields } from '../../../testing/fields';\n",
  helpersInStandIn: "export { copyDemoContent } from '../../testing/stand-ins';\n",
  helpersInStandInTest: "export { copyDemoContent } from '../../testing/stand-ins';\n",
  otherBlock: "export { CardBlock } from '../carte/CardBlock';\n",
  otherBlockInTest: "export { CardBlock } from '../carte/CardBlock';\n",
  sharedBlockCode: "export { shownCount } from '../shared/lot-view';\n",
};

let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lint-guards-'));
  for (const file of ['eslint.config.js', 'tsconfig.json']) {
    await copyFile(join(project, file), join(root, file));
  }
  await symlink(join(project, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [key, file] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), sources[key as keyof typeof files]);
  }
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.values(files).map((file) => join(root, file)));
  results = new Map(linted.map((result) => [relative(root, result.filePath), result]));
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function rules(file: string): (string | null)[] {
  return results.get(file)?.messages.map((message) => message.ruleId) ?? ['not linted'];
}

describe('lint guards the structure', () => {
  it('reports an import cycle', () => {
    expect(rules(files.cycleA)).toContain('import-x/no-cycle');
    expect(rules(files.cycleB)).toContain('import-x/no-cycle');
  });

  it('reports a cycle closed by a dynamic import', () => {
    expect(rules(files.lazyCycleA)).toContain('import-x/no-cycle');
  });

  it('reports a feature importing another feature', () => {
    const messages = results.get(files.feature)?.messages ?? [];
    expect(messages.map((m) => m.message)).toContainEqual(
      expect.stringMatching(/does not import another feature/),
    );
  });

  it('reports a shipped file importing the stand-ins, not a test', () => {
    const standIns = /Only src\/server\/main\.ts/;
    const messages = (file: string) => results.get(file)?.messages.map((m) => m.message) ?? [];
    expect(messages(files.embedded)).toContainEqual(expect.stringMatching(standIns));
    expect(results.has(files.embeddedInTest)).toBe(true);
    expect(messages(files.embeddedInTest)).not.toContainEqual(expect.stringMatching(standIns));
  });

  it('reports a shipped file of src/ or embedded/ importing the test helpers, not a test', () => {
    const helpers = /does not import the test helpers of testing\//;
    const messages = (file: string) => results.get(file)?.messages.map((m) => m.message) ?? [];
    expect(messages(files.helpers)).toContainEqual(expect.stringMatching(helpers));
    expect(messages(files.helpersInStandIn)).toContainEqual(expect.stringMatching(helpers));
    for (const test of [files.helpersInTest, files.helpersInStandInTest]) {
      expect(results.has(test)).toBe(true);
      expect(messages(test)).not.toContainEqual(expect.stringMatching(helpers));
    }
  });

  it("reports a block's folder importing another block's, not shared/", () => {
    const otherBlock = /does not import another block's folder/;
    const messages = (file: string) => results.get(file)?.messages.map((m) => m.message) ?? [];
    expect(messages(files.otherBlock)).toContainEqual(expect.stringMatching(otherBlock));
    expect(messages(files.otherBlockInTest)).toContainEqual(expect.stringMatching(otherBlock));
    expect(results.has(files.sharedBlockCode)).toBe(true);
    expect(messages(files.sharedBlockCode)).not.toContainEqual(expect.stringMatching(otherBlock));
  });
});
