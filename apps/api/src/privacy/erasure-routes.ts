import { erasureAnswerSchema, erasureSchema, type ErasureAnswer } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { routeFor } from '../desk/route.ts';
import type { Logger } from '../logger.ts';
import type { Erasure } from './erasure.ts';

export interface ErasureRouteDeps {
  erasure: Erasure;
  clock: Clock;
  logger: Logger;
}

const route = routeFor<ErasureRouteDeps>();

/** A manager erases a person's data by their mobile, as `pnpm leads erase` does. */
export const erasureRoutes = [
  route({
    method: 'post',
    path: '/erasures',
    summary: "Erase a person's data by mobile",
    who: 'manager',
    body: erasureSchema,
    answer: {
      status: 200,
      description: 'How many leads were erased.',
      json: erasureAnswerSchema,
    },
    handle: async (
      { res, body: { mobile } },
      { erasure, clock, logger },
    ): Promise<ErasureAnswer> => {
      const user = currentUser(res);
      const erased = await erasure.erase(mobile, user, clock.now());
      logger.info({ userId: user.id, leads: erased.length }, 'desk erasure');
      return { erased: erased.length };
    },
  }),
];
