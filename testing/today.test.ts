import { describe, expect, it } from 'vitest';
import { parseLogicalDate } from '../src/domain/dates';
import { TEST_LOGICAL_DATE, TEST_NOW } from './today';

describe("the tests' today", () => {
  it('is one instant, as a logical date and in milliseconds', () => {
    expect(parseLogicalDate(TEST_LOGICAL_DATE, 'America/Toronto')).toBe(TEST_NOW);
  });
});
