/**
 * The embedded stand-ins started by a test, for a site started with `PUBLIC_ORIGIN` set: such a
 * site must be told every third party (the production guard, docs/configuration.md), so the ones
 * the test does not provide itself point here.
 */
import {
  standInVariables,
  startDemoStandIns,
  type EmbeddedServices,
} from '../../../embedded/server';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

export interface StandIns {
  origin: string;
  /** `env` with every third-party variable it leaves unset pointing at these stand-ins. */
  complete(env: Record<string, string | undefined>): Record<string, string>;
  close(): Promise<void>;
}

export async function startStandIns(anchorDate = TEST_LOGICAL_DATE): Promise<StandIns> {
  const embedded: EmbeddedServices = await startDemoStandIns(anchorDate);
  return {
    origin: embedded.origin,
    complete(env) {
      const given = Object.entries(env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
      );
      return { ...standInVariables(embedded.origin), ...Object.fromEntries(given) };
    },
    close: () => embedded.close(),
  };
}
