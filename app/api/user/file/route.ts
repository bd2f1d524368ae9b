import { defineHandler } from '@/lib/server/http/handler';
import { storeCover } from '@/lib/server/storage';
import { coverMaxBytes, coverUploadInput } from '@/lib/validation/live';

/** Spec §7 user/file: a live cover; data is the list of stored paths, relative to img_upload_url. */
export const POST = defineHandler({ auth: 'anchor', input: coverUploadInput, maxBodyBytes: coverMaxBytes + 64 * 1024 }, ({ user, input }) => storeCover(user.id, input.file));
