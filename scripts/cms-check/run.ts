/**
 * `npm run cms:check` (docs/editing.md, "Checking a live instance"): every check, one line per
 * finding; 0 when the instance serves the site, 1 otherwise, 2 on bad arguments.
 */
import { installSanitizer } from '../../src/content/sanitize';
import type { Fetcher } from '../../src/content/http';
import { createServerSanitizer } from '../../src/server/sanitizer';
import { parseArgs, USAGE } from './args';
import { checkAuthor } from './author';
import { exitCodeOf, formatFinding, type Finding } from './findings';
import { checkPublic } from './public';
import { basicAuthorization, createRecorder } from './recorder';
import { checkWebhook } from './webhook';

interface MainOptions {
  env?: Record<string, string | undefined>;
  /** Where each line goes (stdout by default). */
  out?: (line: string) => void;
  fetcher?: Fetcher;
}

let sanitizerReady = false;

export async function main(argv: readonly string[], io: MainOptions = {}): Promise<0 | 1 | 2> {
  const out = io.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const parsed = parseArgs(argv, io.env ?? process.env);
  if (!parsed.ok) {
    out(`cms:check: ${parsed.error}`);
    out(USAGE);
    return 2;
  }
  const options = parsed.options;
  // The site's schemas sanitise rich text as they read it, with the server's sanitiser.
  if (!sanitizerReady) {
    installSanitizer(createServerSanitizer());
    sanitizerReady = true;
  }
  const base = io.fetcher ?? fetch;
  out(
    `Checking the public instance ${options.publicOrigin} (app ${options.app}), anonymously, GET only`,
  );
  const findings: Finding[] = [];
  const show = (more: readonly Finding[]) => {
    more.forEach((f) => out(formatFinding(f)));
    findings.push(...more);
  };
  show(await checkPublic(options, createRecorder(base)));
  if (options.author) {
    const { origin, credentials } = options.author;
    out(`Checking the author instance ${origin} as ${credentials.user}, GET only`);
    const authorization = basicAuthorization(credentials.user, credentials.password);
    show(await checkAuthor(options, createRecorder(base, { authorization })));
  }
  if (options.webhook) {
    out(`Checking the site's publish hook from here`);
    show([await checkWebhook(options.webhook, options.timeoutMs, base)]);
  }
  const failed = findings.filter((f) => f.status === 'fail').length;
  const code = exitCodeOf(findings);
  out(
    code === 0
      ? 'The instance serves the site: every check passed.'
      : `The instance does not serve the site as it should: ${failed} fault(s) above, each with its fix.`,
  );
  return code;
}
