import { z } from 'zod';

export const StatsSchema = z.object({
  nodeCount: z.number().int(),
  relationCount: z.number().int(),
  userCount: z.number().int(),
  nodeTypeCount: z.number().int(),
  relationTypeCount: z.number().int(),
});
export type Stats = z.infer<typeof StatsSchema>;
