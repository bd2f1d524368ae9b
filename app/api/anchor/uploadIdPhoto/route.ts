import { defineHandler } from '@/lib/server/http/handler';
import { uploadIdPhoto } from '@/lib/server/anchors/application';
import { coverMaxBytes, coverUploadInput } from '@/lib/validation/live';

// The body limit leaves room for the multipart envelope around a file just under 2 MB.
export const POST = defineHandler({ auth: 'user', input: coverUploadInput, maxBodyBytes: coverMaxBytes + 64 * 1024 }, ({ db, user, input }) => uploadIdPhoto(db, user.id, input.file));
