// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pluginServer } from '../../../testing/plugins';
import date from './date';

describe('the date plugin', () => {
  it('answers the logical date, never kept', async () => {
    const app = await pluginServer({ clock: { current: () => '2026-12-01 09:00' } });
    await app.register(date);
    const res = await app.inject({ url: '/date' });
    expect(res.body).toBe('2026-12-01 09:00');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
