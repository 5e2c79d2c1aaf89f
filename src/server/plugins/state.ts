/**
 * `/_state/<hash><page>`: a shared page's hydration state, which its document names instead of
 * carrying it (docs/decisions/0081-state-beside-the-document.md). The page is found as its own
 * route finds it (the page cache, or a render), so any process answers, whichever made the
 * document. The state whose hash the address names never changes: every cache may keep it for
 * good. Another one (the page changed since, or this process read the content at another minute)
 * is the page's state now, which no cache keeps; the browser hydrates from it all the same.
 */
import type { FastifyInstance } from 'fastify';
import { STATE_ENDPOINT } from '../../app/state';
import { canonicalPath } from '../../domain/routes';
import { splitTarget } from '../request-target';
import { sendEncoded } from '../send-encoded';
import { readStatePath } from '../state-answer';
import { findPage, notFound } from './pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export default function state(app: FastifyInstance): void {
  app.get(`${STATE_ENDPOINT}*`, async (request, reply) => {
    const [path, query] = splitTarget(request.url);
    const target = readStatePath(path);
    // Only a page's one spelling: an address the documents never write makes nothing.
    if (!target || canonicalPath(target.page) !== target.page) return notFound(reply);
    const { found, shareable } = await findPage(request, target.page, query);
    const { response } = found;
    if (!shareable || response.status !== 200 || !response.state) return notFound(reply);
    const { hash, body } = response.state;
    // No cache tag either way (docs/decisions/0086-cdn-purged-by-tag.md): the bytes a hash
    // names never change, and a publication makes documents that name other hashes; any other
    // answer is kept by no cache.
    if (hash === target.hash) reply.header('cache-control', IMMUTABLE);
    else reply.header('cache-control', 'no-store').header('x-accel-expires', '0');
    reply.type('application/json; charset=utf-8');
    return sendEncoded(request, reply, body);
  });
}
