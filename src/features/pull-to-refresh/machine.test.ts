import { describe, expect, it } from 'vitest';
import {
  INITIAL_PULL,
  PULL_MAX,
  PULL_REFRESH_TIMEOUT_MS,
  PULL_RELOAD_DISTANCE,
  PULL_THRESHOLD,
  pullReducer,
  resist,
  type PullEvent,
  type PullModel,
} from './machine';

const run = (events: PullEvent[], from: PullModel = INITIAL_PULL): PullModel =>
  events.reduce(pullReducer, from);

const start = (y = 100, atTop = true): PullEvent => ({ type: 'start', y, atTop });
const move = (y: number, atTop = true): PullEvent => ({ type: 'move', y, atTop });

describe('constants (docs/requirements.md §9)', () => {
  it('threshold 60, max 80, reload distance 50, refresh time-out 500 ms', () => {
    expect(PULL_THRESHOLD).toBe(60);
    expect(PULL_MAX).toBe(80);
    expect(PULL_RELOAD_DISTANCE).toBe(50);
    expect(PULL_REFRESH_TIMEOUT_MS).toBe(500);
  });
});

describe('resist', () => {
  it('is 0 for no travel or an upward one', () => {
    expect(resist(0)).toBe(0);
    expect(resist(-40)).toBe(0);
  });
  it('lags behind the finger, then follows it', () => {
    expect(resist(30)).toBeCloseTo(6);
    expect(resist(100)).toBeLessThan(PULL_THRESHOLD);
    expect(resist(120)).toBeGreaterThan(PULL_THRESHOLD);
  });
  it('grows with the travel and never passes the max', () => {
    let previous = 0;
    for (let travel = 1; travel <= 400; travel += 1) {
      const value = resist(travel);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(PULL_MAX);
      previous = value;
    }
    expect(resist(1000)).toBe(PULL_MAX);
  });
});

describe('pullReducer', () => {
  it('starts pending with nothing followed', () => {
    expect(INITIAL_PULL).toEqual({ state: 'pending', startY: null, distance: 0 });
  });

  it('pending → pending (armed) on a touch at the top', () => {
    expect(run([start(120)])).toEqual({ state: 'pending', startY: 120, distance: 0 });
  });

  it('ignores a touch that starts below the top of the page', () => {
    const model = run([start(120, false), move(400)]);
    expect(model).toEqual(INITIAL_PULL);
  });

  it('pending → pulling on a downward move short of the threshold', () => {
    const model = run([start(100), move(160)]);
    expect(model.state).toBe('pulling');
    expect(model.distance).toBeCloseTo(resist(60));
    expect(model.distance).toBeLessThanOrEqual(PULL_THRESHOLD);
  });

  it('pulling → releasing once the indicator passes the threshold', () => {
    const model = run([start(100), move(160), move(230)]);
    expect(model.state).toBe('releasing');
    expect(model.distance).toBeGreaterThan(PULL_THRESHOLD);
  });

  it('the distance is capped at the max however far the finger goes', () => {
    const model = run([start(0), move(900)]);
    expect(model.state).toBe('releasing');
    expect(model.distance).toBe(PULL_MAX);
  });

  it('releasing → pulling when the finger comes back above the threshold', () => {
    const model = run([start(100), move(300), move(170)]);
    expect(model.state).toBe('pulling');
  });

  it('pulling → pending when the finger goes back above its start', () => {
    const model = run([start(100), move(160), move(80)]);
    expect(model).toEqual({ state: 'pending', startY: 100, distance: 0 });
  });

  it('an upward move from rest stays pending (a normal scroll)', () => {
    expect(run([start(300), move(100)]).state).toBe('pending');
  });

  it('a move once the page has scrolled drops the pull', () => {
    expect(run([start(100), move(160), move(200, false)])).toEqual(INITIAL_PULL);
  });

  it('a move with no followed touch changes nothing', () => {
    expect(run([move(500)])).toEqual(INITIAL_PULL);
  });

  it('pulling → pending on release short of the threshold (a short pull does nothing)', () => {
    expect(run([start(100), move(160), { type: 'end' }])).toEqual(INITIAL_PULL);
  });

  it('releasing → refreshing on release, held at the reload distance', () => {
    const model = run([start(100), move(400), { type: 'end' }]);
    expect(model).toEqual({ state: 'refreshing', startY: null, distance: PULL_RELOAD_DISTANCE });
  });

  it('pending → pending on release', () => {
    expect(run([start(100), { type: 'end' }])).toEqual(INITIAL_PULL);
  });

  it('cancel drops any pull', () => {
    expect(run([start(100), move(400), { type: 'cancel' }])).toEqual(INITIAL_PULL);
    expect(run([start(100), move(160), { type: 'cancel' }])).toEqual(INITIAL_PULL);
  });

  it('refreshing ignores touches until reset, then goes back to pending', () => {
    const refreshing = run([start(100), move(400), { type: 'end' }]);
    for (const event of [start(10), move(500), { type: 'end' }, { type: 'cancel' }] as const) {
      expect(pullReducer(refreshing, event)).toBe(refreshing);
    }
    expect(pullReducer(refreshing, { type: 'reset' })).toEqual(INITIAL_PULL);
  });

  it('reset from any other state goes back to pending', () => {
    expect(run([start(100), move(160), { type: 'reset' }])).toEqual(INITIAL_PULL);
  });

  it('a new touch after a short pull starts afresh', () => {
    const model = run([start(100), move(160), { type: 'end' }, start(50), move(400)]);
    expect(model.state).toBe('releasing');
  });
});
