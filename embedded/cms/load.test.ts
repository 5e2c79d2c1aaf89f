import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedServices } from '../server';
import { defaultContentDir, loadContent } from './load';

type Json = Record<string, unknown>;

describe('content validation', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cms-content-'));
    cpSync(defaultContentDir(), dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const edit = (file: string, change: (data: Json) => void): void => {
    const full = path.join(dir, file);
    const data = JSON.parse(readFileSync(full, 'utf8')) as Json;
    change(data);
    writeFileSync(full, JSON.stringify(data));
  };
  const main = (data: Json): Json[] => data.main as Json[];

  it('accepts the shipped demo content', () => {
    const content = loadContent();
    expect(content.pages.length).toBeGreaterThanOrEqual(21);
    expect(content.lots.lots.length).toBeGreaterThanOrEqual(24);
  });

  it('names the file and the field path of a mistyped field', () => {
    edit('pages/accueil.json', (data) => {
      const rangee = main(data)[2];
      if (rangee) rangee.disposition = 12;
    });
    expect(() => loadContent(dir)).toThrow(
      /pages\/accueil\.json: main\[2\]\.disposition: expected string, received number/,
    );
  });

  it('points inside nested areas', () => {
    edit('pages/accueil.json', (data) => {
      const section = main(data)[1] as { composantes: { colonne0: Json[] }[] };
      const card = section.composantes[1]?.colonne0[0];
      if (card) card.title = 5;
    });
    expect(() => loadContent(dir)).toThrow(
      /pages\/accueil\.json: main\[1\]\.composantes\[1\]\.colonne0\[0\]\.title: expected string or \{fr, en\}/,
    );
  });

  it('rejects unknown kinds unless marked unchecked, and bad relative dates', () => {
    edit('pages/videos.json', (data) => {
      main(data).push({ kind: 'nouveau-bloc' });
    });
    expect(() => loadContent(dir)).toThrow(
      /pages\/videos\.json: main\[3\]\.kind: unknown component kind "nouveau-bloc"/,
    );
    edit('pages/videos.json', (data) => {
      const last = main(data).at(-1);
      if (last) last.unchecked = true;
      data.dateDebutAffichage = 'today-3j';
    });
    expect(() => loadContent(dir)).toThrow(
      /pages\/videos\.json: dateDebutAffichage: expected ISO 8601/,
    );
  });

  it('checks lots, the site node and duplicate URLs', () => {
    edit('lots.json', (data) => {
      const lot = (data.lots as Json[])[3];
      if (lot) lot.montantGain = 'beaucoup';
    });
    expect(() => loadContent(dir)).toThrow(
      /lots\.json: lots\[3\]\.montantGain: expected a number or a numeric string/,
    );
    cpSync(path.join(defaultContentDir(), 'lots.json'), path.join(dir, 'lots.json'));
    edit('pages/videos.json', (data) => {
      data.URLen = 'home';
    });
    expect(() => loadContent(dir)).toThrow(/duplicate URLen "home"/);
  });

  it('makes the server refuse to start', async () => {
    writeFileSync(path.join(dir, 'site.json'), '{ "header": ');
    await expect(
      startEmbeddedServices({
        host: '127.0.0.1',
        port: 0,
        app: 'pari-boreal',
        timeZone: 'America/Toronto',
        contentDir: dir,
      }),
    ).rejects.toThrow(/site\.json: invalid JSON/);
  });
});
