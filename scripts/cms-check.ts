/** `npm run cms:check -- <public origin> …`: proves a live Magnolia serves the site (docs/editing.md). */
import { main } from './cms-check/run';

process.exitCode = await main(process.argv.slice(2));
