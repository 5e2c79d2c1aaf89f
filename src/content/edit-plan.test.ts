/**
 * The edit plan (docs/editing.md): what the annotations endpoint may put in a comment, and where
 * each area and node of an author instance's page sits.
 */
import { describe, expect, it, vi } from 'vitest';
import { editPlanOf, readAnnotations } from './edit-plan';

describe('the annotations endpoint’s answer', () => {
  it('keeps annotations, and drops with a warning what is none or could end its comment', () => {
    const warn = vi.fn();
    const read = readAnnotations(
      {
        '/p': 'cms:page content="website:/p"',
        '/p/main': 'cms:area content="website:/p/main" name="main"',
        '/p/main/0': 'cms:component content="website:/p/main/0" label="a -- b"',
        '/p/x': 'cms:component label="x-->y"',
        '/p/y': 'cms:component label="x--!>y"',
        '/p/z': 'cms:component label="<!--"',
        '/p/w': 'cms:component label="<!-',
        '/p/n': 42,
        '/p/o': '<script>alert(1)</script>',
      },
      warn,
    );
    expect(Object.keys(read)).toEqual(['/p', '/p/main', '/p/main/0']);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(warn.mock.calls.join('\n')).toMatch(/\/p\/x: could end its comment early/);
    expect(readAnnotations(['not', 'an', 'object'], warn)).toEqual({});
  });
});

describe('the plan of a page', () => {
  const node = (path: string, fields: Record<string, unknown> = {}, children: string[] = []) => ({
    '@name': path.split('/').pop(),
    '@path': path,
    '@id': `id-${path}`,
    ...fields,
    '@nodes': children,
  });
  const page = {
    ...node('/p', {}, ['chroniqueur', 'main']),
    // Not an area: no annotation says so.
    chroniqueur: node('/p/chroniqueur', { nom: 'X' }),
    main: {
      ...node('/p/main', {}, ['a', 'b']),
      a: node('/p/main/a', { 'mgnl:template': 'app:components/texte', titre: 'Premier' }),
      b: {
        ...node('/p/main/b', { 'mgnl:template': 'app:components/rangee', disposition: '6 6' }, [
          'colonne0',
        ]),
        colonne0: node('/p/main/b/colonne0'),
      },
    },
  };
  const annotations = {
    '/p': 'cms:page',
    '/p/main': 'cms:area',
    '/p/main/a': 'cms:component',
    '/p/main/b': 'cms:component',
    '/p/main/b/colonne0': 'cms:area',
    '/p/main/b/colonne1': 'cms:area',
    '/p/bandeau': 'cms:area',
  };

  it('lists each owner’s areas, those in the content first, then those only annotated', () => {
    const plan = editPlanOf(page, annotations);
    expect(plan.page).toBe('/p');
    expect(plan.areas).toEqual({
      '/p': [
        { name: 'main', created: true },
        { name: 'bandeau', created: false },
      ],
      '/p/main/b': [
        { name: 'colonne0', created: true },
        { name: 'colonne1', created: false },
      ],
    });
    expect(plan.children).toEqual({
      '/p/main': ['/p/main/a', '/p/main/b'],
      '/p/main/b/colonne0': [],
      '/p/main/b/colonne1': [],
      '/p/bandeau': [],
    });
    expect(plan.paths).toEqual({ 'id-/p/main/a': '/p/main/a', 'id-/p/main/b': '/p/main/b' });
    expect(plan.labels['/p/main/a']).toBe('texte · Premier');
    expect(plan.labels['/p/main/b']).toBe('rangee · b');
  });

  it('marks a row’s columns beyond its layout, created or only annotated', () => {
    const row = page.main.b as Record<string, unknown>;
    const wider = {
      ...page,
      main: {
        ...page.main,
        b: {
          ...row,
          '@nodes': ['colonne0', 'colonne2'],
          colonne2: node('/p/main/b/colonne2'),
        },
      },
    };
    const plan = editPlanOf(wider, {
      ...annotations,
      '/p/main/b/colonne2': 'cms:area',
      '/p/main/b/colonne3': 'cms:area',
    });
    expect(plan.areas['/p/main/b']).toEqual([
      { name: 'colonne0', created: true },
      { name: 'colonne2', created: true, beyondLayout: true },
      { name: 'colonne1', created: false },
      { name: 'colonne3', created: false, beyondLayout: true },
    ]);
  });

  it('marks no area when the author instance gave no annotations', () => {
    const plan = editPlanOf(page, {});
    expect(plan.areas).toEqual({});
    expect(plan.children).toEqual({});
  });

  it('reads areas inside areas as areas (the site node’s), declared or created', () => {
    const site = {
      ...node('/s', { 'mgnl:template': 'app:pages/site' }, ['header']),
      header: {
        ...node('/s/header', {}, ['menu', 'achat']),
        menu: {
          ...node('/s/header/menu', {}, ['g']),
          g: {
            ...node('/s/header/menu/g', { 'mgnl:template': 'app:components/groupe-menu' }, [
              'groupe-liens',
            ]),
            'groupe-liens': {
              ...node('/s/header/menu/g/groupe-liens', {}, ['l']),
              l: node('/s/header/menu/g/groupe-liens/l', { 'mgnl:template': 'app:components/x' }),
            },
          },
        },
        achat: node('/s/header/achat', { texte: 'Acheter' }),
      },
    };
    const plan = editPlanOf(site, {
      '/s': 'cms:page',
      '/s/header': 'cms:area',
      '/s/header/menu': 'cms:area',
      '/s/header/menu/g': 'cms:component',
      '/s/header/menu/g/groupe-liens': 'cms:area',
      '/s/header/menu/g/groupe-liens/l': 'cms:component',
      '/s/header/messages': 'cms:area',
      '/s/header/achat': 'cms:area',
      '/s/footer': 'cms:area',
      '/s/footer/pub': 'cms:area',
    });
    expect(plan.areas).toEqual({
      '/s': [
        { name: 'header', created: true },
        { name: 'footer', created: false },
      ],
      '/s/header': [
        { name: 'menu', created: true },
        { name: 'achat', created: true },
        { name: 'messages', created: false },
      ],
      '/s/header/menu/g': [{ name: 'groupe-liens', created: true }],
      '/s/footer': [{ name: 'pub', created: false }],
    });
    expect(plan.children).toEqual({
      '/s/header': [],
      '/s/header/menu': ['/s/header/menu/g'],
      '/s/header/menu/g/groupe-liens': ['/s/header/menu/g/groupe-liens/l'],
      '/s/header/messages': [],
      '/s/header/achat': [],
      '/s/footer': [],
      '/s/footer/pub': [],
    });
  });
});
