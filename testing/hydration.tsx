/**
 * For unit tests: the server's HTML put in a page as the browser parses it, then hydrated with
 * the browser's tree, React's recoverable errors (mismatches) collected.
 */
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';

export async function hydrateServed(
  server: string,
  browser: ReactNode,
): Promise<{ container: HTMLElement; parsed: string; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = server;
  document.body.append(container);
  onTestFinished(() => container.remove());
  const parsed = container.innerHTML;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, browser, { onRecoverableError: (error) => errors.push(error) });
    await Promise.resolve();
  });
  return { container, parsed, errors };
}
