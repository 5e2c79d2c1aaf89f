import { describe, expect, it } from 'vitest';
import { checkContentId } from '../domain/ids';
import { FOOTER_BODY_ID } from '../features/site-footer/SiteFooter';
import { MESSAGES_CLOSED_ID, MESSAGES_FULL_ID } from '../features/site-header/HeaderBars';
import { SPORTS_WIDGET_ID } from '../features/sports-area/SportsArea';
import { CMP_ELEMENT_ID } from '../ui/consent/consent';
import { HEADER_END_ID, MOUNTS, STATE_ELEMENT_ID } from './state';

describe('ids the application writes itself', () => {
  it('are all refused as ids from content (domain/ids.ts keeps its own list)', () => {
    for (const id of [
      ...Object.values(MOUNTS),
      STATE_ELEMENT_ID,
      HEADER_END_ID,
      SPORTS_WIDGET_ID,
      FOOTER_BODY_ID,
      CMP_ELEMENT_ID,
      MESSAGES_CLOSED_ID,
      MESSAGES_FULL_ID,
    ]) {
      expect(checkContentId(id)).toEqual({ ok: false, reason: 'reserved by the application' });
    }
  });
});
