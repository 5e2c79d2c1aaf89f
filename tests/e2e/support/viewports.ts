/**
 * Which width runs what (docs/architecture.md, "Tests"). What does not depend on the width runs
 * on desktop only: whole files listed here, and tests or groups tagged `@any-viewport` in a file
 * that is otherwise laid out. In a file that runs at both widths, a behaviour written once per
 * language (titles ending in "(fr)" and "(en)") runs in French on the phone and in English on the
 * desktop: every behaviour is seen at both widths and in both languages, in half the runs.
 */
import path from 'node:path';

export const ANY_VIEWPORT_FILES = [
  'answers.spec.ts',
  // The editors' preview and the Pages app are desktop tools.
  'editing.spec.ts',
  'preview.spec.ts',
  'faults.spec.ts',
  'hostile.spec.ts',
  'package.spec.ts',
  'proxy-*.spec.ts',
  'publish-chain.spec.ts',
  'purge-*.spec.ts',
  'sanitizer-agreement.spec.ts',
  'shutdown.spec.ts',
  'startup.spec.ts',
  // Beacons and their metrics: the same at any width.
  'web-vitals.spec.ts',
];

export const ANY_VIEWPORT_TAG = '@any-viewport';

const anyViewportFile = (file: string): boolean =>
  ANY_VIEWPORT_FILES.some((pattern) =>
    new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(path.basename(file)),
  );

/** The language a width leaves to the other one, for a test run at both widths. */
const LEFT_TO_THE_OTHER_WIDTH: Record<string, string> = { phone: '(en)', desktop: '(fr)' };

/** Whether this run of a test is the other width's, by the rule above. */
export function leftToTheOtherWidth(test: {
  project: string;
  file: string;
  titlePath: readonly string[];
}): boolean {
  const title = test.titlePath.join(' ');
  const left = LEFT_TO_THE_OTHER_WIDTH[test.project];
  if (!left || anyViewportFile(test.file) || title.includes(ANY_VIEWPORT_TAG)) return false;
  return title.includes(left);
}
