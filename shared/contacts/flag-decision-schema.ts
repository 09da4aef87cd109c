import { z } from 'zod';
import { voterSchema } from '../voters/voter-schema';
import { voterFlagSchema } from './contact-schema';

// The answer to confirming or dismissing a flag: the flag as decided, and the voter as it is now
// (changed by a confirm, untouched by a dismiss).
export const flagDecisionResultSchema = z.object({ flag: voterFlagSchema, voter: voterSchema });
export type FlagDecisionResult = z.infer<typeof flagDecisionResultSchema>;
