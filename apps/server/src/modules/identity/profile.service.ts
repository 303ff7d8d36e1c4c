import type { User } from '@lectern/contracts/identity/identity.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { presentUser } from './identity.presenter.ts';
import { usersRepository } from './users.repository.ts';

/** The caller's own record; nobody else's is ever read here, so there is no further policy. */
export function profileService(ctx: AppContext) {
  const usersRepo = usersRepository(ctx.db);
  return {
    async profile(actor: Actor): Promise<User> {
      const user = await usersRepo.findById(actor.userId);
      if (!user) throw new AppError('unauthenticated');
      return presentUser(user);
    },
  };
}
