// docs/player.md Queue item: a user's queue, order 1..n without gaps.
import { z } from 'zod';
import { id } from './common';
import { setMeta } from './set';

export const queueItem = z
  .object({
    id,
    user_id: id,
    set_meta_id: id,
    set_meta: setMeta,
    order: z.number().int().min(1),
    // at most one item of a queue is current
    is_current: z.boolean(),
    // derived: items before the current one are played (docs/player.md)
    played: z.boolean(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof queueItem>;
