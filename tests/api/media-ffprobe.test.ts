// ffprobe measures a finished recording's duration; one that cannot start must not take the process down.
import { probeDuration } from '@/lib/server/media/ffmpeg';

it('answers 0 when ffprobe cannot be started, instead of an uncaught error event', async () => {
  const missing = { path: '/nonexistent/ffmpeg', probePath: '/nonexistent/ffprobe', version: 'none' };
  await expect(probeDuration(missing, '/nonexistent/recording.mp4')).resolves.toBe(0);
});
