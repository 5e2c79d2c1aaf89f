import { describe, expect, it } from 'vitest';
import fr from './fr.json';
import { isLateKey, LATE_KEY_PREFIXES } from './late-keys';

describe('late messages', () => {
  it('each prefix names messages of the catalogue', () => {
    for (const prefix of LATE_KEY_PREFIXES) {
      expect(
        Object.keys(fr).some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('leave every other message in the catalogue loaded with the page', () => {
    expect(isLateKey('config.titre')).toBe(true);
    expect(isLateKey('consentement.video')).toBe(true);
    expect(isLateKey('carrousel.role')).toBe(true);
    expect(isLateKey('site.chargement')).toBe(false);
    expect(isLateKey('chronique.par')).toBe(false);
    expect(isLateKey('entete.menu')).toBe(false);
  });
});
