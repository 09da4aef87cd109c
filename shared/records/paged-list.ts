import { z } from 'zod';

// The page and limit of a list request, and the paging fields of its answer, as the household
// and duplicate lists share them (issue 20).
export function pageQueryFields(defaultLimit: number, maxLimit = 100) {
  return {
    page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(maxLimit, `Limit must be ${maxLimit} or less`)
      .default(defaultLimit),
  };
}

export const pagedListFields = {
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};
