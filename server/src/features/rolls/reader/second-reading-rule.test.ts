import { describe, expect, it } from 'vitest';
import { weighReadings } from './second-reading-rule';

describe('weighReadings', () => {
  it('should make a value sure when the second reading agrees', () => {
    expect(weighReadings({ value: 'Rao', confidence: 0.6 }, { value: 'Rao', confidence: 0.7 }, { agree: 'sure', differ: 'surer' })).toEqual({ value: 'Rao', confidence: 0.9 });
    expect(weighReadings({ value: 'Rao', confidence: 0.6 }, { value: 'Rao', confidence: 0.95 }, { agree: 'sure', differ: 'surer' })).toEqual({ value: 'Rao', confidence: 0.95 });
  });

  it('should change nothing when an unsure second reading agrees and only a sure one is a witness', () => {
    expect(weighReadings({ value: 'Rao', confidence: 0.4 }, { value: 'Rao', confidence: 0.5 }, { agree: 'when-second-sure', differ: 'first' })).toBeNull();
  });

  it('should keep the surer of two differing readings, flagged', () => {
    expect(weighReadings({ value: 'Iqbal', confidence: 0.75 }, { value: 'Igbal', confidence: 0.85 }, { agree: 'sure', differ: 'surer' })).toEqual({ value: 'Igbal', confidence: 0.5 });
  });

  it('should keep the first of two differing readings when the second is the same model again', () => {
    expect(weighReadings({ value: 'छन्नु', confidence: 0.6 }, { value: 'छृन्नु', confidence: 0.9 }, { agree: 'sure', differ: 'first' })).toEqual({ value: 'छन्नु', confidence: 0.5 });
  });

  it('should take the better model reading when it is sure, unflagged, and else the surer flagged', () => {
    expect(weighReadings({ value: '94/4', confidence: 0.94 }, { value: '94/1', confidence: 0.85 }, { agree: 'sure', differ: 'second-when-sure' })).toEqual({ value: '94/1', confidence: 0.85 });
    expect(weighReadings({ value: '94/4', confidence: 0.94 }, { value: '94/1', confidence: 0.6 }, { agree: 'sure', differ: 'second-when-sure' })).toEqual({ value: '94/4', confidence: 0.5 });
  });
});
