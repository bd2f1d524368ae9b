import { defineHandler } from '@/lib/server/http/handler';
import { storeChatImage } from '@/lib/server/storage';
import { coverMaxBytes } from '@/lib/validation/live';
import { privateImageInput } from '@/lib/validation/inbox';

/** An image for a private message, judged by its bytes and re-encoded; `img_url` is what the message then sends, `url` where it shows. */
export const POST = defineHandler({ auth: 'user', input: privateImageInput, maxBodyBytes: coverMaxBytes + 64 * 1024 }, async ({ user, input }) => {
  const { key, url } = await storeChatImage(user.id, input.file);
  return { img_url: key, url };
});
