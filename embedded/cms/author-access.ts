/**
 * Who the stand-in author instance answers (docs/editing.md, "Author credentials"), as Magnolia's
 * author does: no anonymous call (401, asking for Basic authentication), the delivery endpoints
 * for either account, and the template annotations only for an account that may write to the
 * `website` workspace (403 otherwise), as Pages 6.3.5 and later do.
 */
import { jsonReply, type Reply } from '../http';
import { STAND_IN_AUTHOR_ACCOUNTS, type StandInAccount } from './accounts';
import { ANNOTATIONS_ENDPOINT } from './annotations';

/** The stand-in account an `Authorization` header names with its password; undefined if none. */
function authorAccount(authorization: string | undefined): StandInAccount | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const [user, ...rest] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  const password = rest.join(':');
  return Object.values(STAND_IN_AUTHOR_ACCOUNTS).find(
    (account) => account.user === user && account.password === password,
  );
}

/**
 * The refusal of a call to the author instance's REST path (`/.rest/…`, after its prefix), or
 * null when the account may make it.
 */
export function authorRefusal(path: string, authorization: string | undefined): Reply | null {
  const account = authorAccount(authorization);
  if (!account) {
    const reply = jsonReply(401, {
      errorCode: 'UNAUTHORIZED',
      message: 'The author instance answers no anonymous call: authenticate (Basic).',
    });
    return {
      ...reply,
      headers: { ...reply.headers, 'www-authenticate': 'Basic realm="Magnolia"' },
    };
  }
  if (path.startsWith(`${ANNOTATIONS_ENDPOINT}/`) && account.website !== 'read-write') {
    return jsonReply(403, {
      errorCode: 'FORBIDDEN',
      message: `User ${account.user} may not write to the website workspace, which template annotations need.`,
    });
  }
  return null;
}
