import { defineHandler } from '@/lib/server/http/handler';
import { updateNickname } from '@/lib/server/users/profile';
import { updateNicknameInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'user', input: updateNicknameInput }, ({ input, user, db }) => updateNickname(db, user.id, input.nick_name));
