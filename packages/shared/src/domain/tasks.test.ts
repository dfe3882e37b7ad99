import { describe, expect, it } from 'vitest';
import { isTaskOverdue, overdueToday } from './tasks';

describe('the overdue rule', () => {
  it('takes today in the last zone on earth (UTC-12)', () => {
    expect(overdueToday(new Date('2026-11-23T11:59:00Z'))).toBe('2026-11-22');
    expect(overdueToday(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
  });

  it('marks open tasks due before today', () => {
    expect(isTaskOverdue({ done: false, dueDate: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(isTaskOverdue({ done: false, dueDate: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(isTaskOverdue({ done: true, dueDate: '2026-11-01' }, '2026-11-23')).toBe(false);
    expect(isTaskOverdue({ done: false, dueDate: null }, '2026-11-23')).toBe(false);
  });
});
