import { describe, expect, it } from 'vitest';
import { fakeMeasurement } from '../../test/measurement-fakes';
import { groupMeasurements } from './measurements-page';

describe('groupMeasurements', () => {
  it('groups by claim file, then by inspection for those not in one, keeping the newest-first order', () => {
    const groups = groupMeasurements([
      fakeMeasurement({ id: 'm1', projectId: 'p1', projectTitle: 'Smith roof', sessionId: 's1' }),
      fakeMeasurement({ id: 'm2', sessionId: 's2', sessionAddress: '1 Wind Way' }),
      fakeMeasurement({ id: 'm3', projectId: 'p1', projectTitle: 'Smith roof' }),
    ]);
    expect(groups.map((g) => [g.title, g.to, g.measurements.map((m) => m.id)])).toEqual([
      ['Smith roof', '/projects/p1', ['m1', 'm3']],
      ['Inspection at 1 Wind Way', '/field-inspection/s2', ['m2']],
    ]);
  });
});
