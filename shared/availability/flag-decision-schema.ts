import { z } from 'zod';
import { voterSchema } from '../voters/voter-schema';
import { reviewedFlagSchema } from './availability-schema';

// The answer to confirming or dismissing a report: the report as decided, and the voter as it is
// now (changed by a confirm, untouched by a dismiss). Apart from availability-schema.ts so the
// voter's schema stays out of what the phone's report sheet loads.
export const flagDecisionResultSchema = z.object({ flag: reviewedFlagSchema, voter: voterSchema });
export type FlagDecisionResult = z.infer<typeof flagDecisionResultSchema>;
