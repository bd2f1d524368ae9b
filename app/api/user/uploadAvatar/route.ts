import { defineHandler } from '@/lib/server/http/handler';
import { replaceAvatar } from '@/lib/server/users/avatar';
import { avatarMaxBytes, uploadAvatarInput } from '@/lib/validation/auth';

// The body limit leaves room for the multipart envelope around a file just under 2 MB.
export const POST = defineHandler({ auth: 'user', input: uploadAvatarInput, maxBodyBytes: avatarMaxBytes + 64 * 1024 }, ({ input, user, db }) =>
  replaceAvatar(db, user.id, input.file),
);
