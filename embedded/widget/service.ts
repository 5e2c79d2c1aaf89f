/** Serves the stand-in betting widget's script (`embedded/widget/script.ts`). */
import { cacheableReply, type Reply } from '../http';
import { WIDGET_SCRIPT } from './script';

export const WIDGET_SCRIPT_PATH = '/betting-widget/widget.js';

/** `null` when the path is not the widget's. */
export function handleWidget(pathname: string): Reply | null {
  if (pathname !== WIDGET_SCRIPT_PATH) return null;
  const reply = cacheableReply(WIDGET_SCRIPT, 'text/javascript; charset=utf-8');
  return { ...reply, headers: { ...reply.headers, 'x-content-type-options': 'nosniff' } };
}
