// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pluginServer } from '../../../testing/plugins';
import favicon from './favicon';

describe('the favicon plugin', () => {
  it('answers an SVG icon, kept a day', async () => {
    const app = await pluginServer();
    await app.register(favicon);
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg /);
  });

  it('answers /favicon.ico with the same mark as a 32×32 icon, kept a day (issue 33)', async () => {
    const app = await pluginServer();
    await app.register(favicon);
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), one image of 32×32 at 32 bits, right after the entry.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], ico.readUInt16LE(12), ico.readUInt32LE(18)]).toEqual([32, 32, 32, 22]);
    expect(ico.readUInt32LE(14)).toBe(ico.length - 22);
    // The centre is the gold diamond (BGRA), a corner is transparent.
    const at = (x: number, y: number) => 62 + ((31 - y) * 32 + x) * 4;
    expect([...ico.subarray(at(16, 16), at(16, 16) + 4)]).toEqual([0x05, 0xb7, 0xf2, 255]);
    expect(ico[at(0, 0) + 3]).toBe(0);
  });
});
