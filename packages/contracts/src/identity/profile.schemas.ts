import { UserSchema } from './identity.schemas.ts';

/** `GET /api/profile`: the signed-in user's own record, as the original clients read it (id, name, user_no…). */
export const ProfileSchema = UserSchema.extend({}).meta({ id: 'Profile' });
