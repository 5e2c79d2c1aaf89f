/**
 * The stand-in author instance's accounts (docs/editing.md, "Accounts"). Magnolia's author
 * instance answers no anonymous call, and since Pages 6.3.5 its template-annotations endpoint
 * needs an account that may write to the `website` workspace: the stand-in has one account of
 * each kind, so that the site's demo edits and the tests can be refused as a real instance would.
 * Demo values, never a deployment's.
 */
export interface StandInAccount {
  user: string;
  password: string;
  /** What the account may do in the `website` workspace. */
  website: 'read' | 'read-write';
}

export const STAND_IN_AUTHOR_ACCOUNTS = {
  /** An editor: reads and writes `website`, so the page editor's annotations are given. */
  editor: { user: 'pari-editeur', password: 'demo-editeur-0000', website: 'read-write' },
  /** May only read: the delivery endpoints answer, the annotations are refused (403). */
  reader: { user: 'pari-lecteur', password: 'demo-lecteur-0000', website: 'read' },
} as const satisfies Record<string, StandInAccount>;

/** `user:password`, as `CMS_PREVIEW_CREDENTIALS` and `npm run cms:check --credentials` take it. */
export const credentialsOf = (account: StandInAccount): string =>
  `${account.user}:${account.password}`;
