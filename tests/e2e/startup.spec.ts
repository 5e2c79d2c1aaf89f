/** Configuration is validated at start: a bad value stops the process, naming the variable. */
import { spawnSync } from 'node:child_process';
import { expect, test } from './fixtures';

/** The built server started with `env` in place of the test's own, run until it exits. */
function startWith(env: NodeJS.ProcessEnv) {
  return spawnSync('node', ['dist/server/main.js'], { env, encoding: 'utf8', timeout: 20_000 });
}

test.describe('start-up', () => {
  for (const [name, value, form] of [
    ['LOGICAL_DATE', '2026-13-45 99:99', 'YYYY-MM-DD HH:MM'],
    ['SITE_TIMEZONE', 'Nowhere/City', 'IANA time zone'],
    ['CMS_ORIGIN', 'not a url', 'http(s) URL'],
    ['PUBLISH_HOOK_TOKEN', 'too-short-a-secret', 'at least 32 printable characters'],
    ['REDIS_URL', 'http://cache.internal', 'a Redis URL'],
  ] as const) {
    test(`refuses to start with ${name}=${value}`, () => {
      const run = startWith({ ...process.env, PORT: '0', [name]: value });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`${name}=`);
      expect(run.stderr).toContain(form);
      // A secret is never repeated, not even a wrong one.
      if (name === 'PUBLISH_HOOK_TOKEN') expect(run.stderr).not.toContain(value);
    });
  }

  test('refuses to start in production with a content service and no PUBLIC_ORIGIN', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      CMS_ORIGIN: 'https://cms.example.com',
    };
    delete env.PUBLIC_ORIGIN;
    const run = startWith(env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_ORIGIN is unset');
  });

  test('refuses to start with PUBLIC_ORIGIN and a third party left to the stand-ins, naming it', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://www.example.com',
      CMS_ORIGIN: 'https://cms.example.com',
      VIDEO_API_BASE: 'https://video.example.com/v3',
      VIDEO_PLAYER_BASE: 'https://video.example.com/embed',
      PODCAST_PLAYER_URL: 'https://podcasts.example.com/player',
    };
    delete env.BETTING_WIDGET_URL;
    const run = startWith(env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('BETTING_WIDGET_URL is unset');
    expect(run.stderr).not.toContain('CMS_ORIGIN');
  });
});
