import { ROLL_REVIEW_CONFIDENCE } from '@shared/rolls/roll-types';

// The one rule every second reading follows (second-readings.ts, house-readings.ts): a value the
// first reading doubted is read again, from another picture or by another model, and the two
// readings are weighed. Two that agree make the value sure; two that differ keep one of them,
// flagged for a person. What varies is only how good a witness the second reading is, which each
// caller states:
// - `agree`: whether an agreeing second reading makes the value sure whatever its own sureness
//   (`sure`), or only when it is itself sure (`when-second-sure`: the same model can misread a
//   name the same way twice, unsure both times, decision 057);
// - `differ`: which of two differing readings is kept: the surer (`surer`: the second model is
//   as good a reader, decisions 056 and 058), the first (`first`: the same model again, which
//   misreads right names as surely, decision 057), or the second when it is sure of itself
//   (`second-when-sure`: the better model, not flagged then: a Latin house number by English's
//   best model, decision 056), else the surer.
export interface SecondReadingRule {
  agree: 'sure' | 'when-second-sure';
  differ: 'surer' | 'first' | 'second-when-sure';
}

export interface Reading<T> {
  value: T;
  confidence: number;
}

// How sure two agreeing readings make a value, at least; a value kept from two that differ is
// at most half sure (flagged).
export const AGREED_SURE = 0.9;
const DIFFERING_AT_MOST = 0.5;

// The value to keep and how sure it is; null when the second reading changes nothing.
export function weighReadings<T>(first: Reading<T>, second: Reading<T>, rule: SecondReadingRule): Reading<T> | null {
  const secondSure = second.confidence >= ROLL_REVIEW_CONFIDENCE;
  if (second.value === first.value) {
    if (rule.agree === 'when-second-sure' && !secondSure) return null;
    return { value: first.value, confidence: Math.max(AGREED_SURE, first.confidence, second.confidence) };
  }
  if (rule.differ === 'second-when-sure' && secondSure) return second;
  const surer = rule.differ !== 'first' && second.confidence > first.confidence ? second : first;
  return { value: surer.value, confidence: Math.min(surer.confidence, DIFFERING_AT_MOST) };
}
