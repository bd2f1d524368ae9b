// Retention: replays past REPLAY_RETENTION_DAYS go (row, file, and the cached lists are told), recordings that never
// became a replay go a week after their live ended, and the console sender's outbox of login codes is rotated away.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { lives, replays, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { mediaPaths } from '@/lib/server/media/paths';
import { replayRemovedChannel } from '@/lib/server/replays/events';
import { applyRecordingRetention } from '@/lib/server/replays/retention';
import { rotateSmsOutbox, smsOutboxPath } from '@/lib/server/sms/outbox-retention';

const day = 86_400_000;
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function liveOf(anchorId: number, ended: Date | null) {
  const [live] = await (await getDb())
    .insert(lives)
    .values({ anchorId, stream: `${anchorId}-r${Math.random().toString(36).slice(2, 11)}`, title: 'Retention', categoryId: 2, childCategoryId: 201, status: ended ? 'ended' : 'live', endedAt: ended })
    .returning();
  return live;
}

it('deletes replays older than the retention with their files, keeps newer ones, and gives up abandoned recordings', async () => {
  const db = await getDb();
  const paths = mediaPaths(root);
  const now = new Date();
  const [anchor] = await db.insert(users).values({ mobile: '13690000001', nickName: 'Kept and gone', role: 'anchor', brandId: 'sportcast' }).returning();
  fs.mkdirSync(paths.replays, { recursive: true });
  const replayOf = async (ageDays: number) => {
    const live = await liveOf(anchor.id, new Date(now.getTime() - ageDays * day));
    fs.writeFileSync(path.join(paths.replays, `live-${live.id}.mp4`), 'mp4');
    const [row] = await db
      .insert(replays)
      .values({ liveId: live.id, anchorId: anchor.id, file: `live-${live.id}.mp4`, durationSeconds: 60, sizeBytes: 3, createdAt: new Date(now.getTime() - ageDays * day) })
      .returning();
    return row;
  };
  const old = await replayOf(91);
  const recent = await replayOf(5);
  const recordingOf = async (live: { id: number }) => {
    const dir = path.join(paths.recordings, String(live.id));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '1700000000000.flv'), 'FLV');
    return dir;
  };
  const abandoned = await recordingOf(await liveOf(anchor.id, new Date(now.getTime() - 8 * day)));
  const retrying = await recordingOf(await liveOf(anchor.id, new Date(now.getTime() - day)));
  const open = await recordingOf(await liveOf(anchor.id, null));
  const announced: string[] = [];
  const stop = await getBus().subscribe(replayRemovedChannel, (message) => announced.push(message));

  expect(await applyRecordingRetention(db, paths, { replayDays: 90, now })).toEqual({ replays: 1, recordings: 1 });
  expect(await db.select({ id: replays.id }).from(replays).where(eq(replays.id, old.id))).toEqual([]);
  expect(fs.existsSync(path.join(paths.replays, old.file))).toBe(false);
  expect(fs.existsSync(path.join(paths.replays, recent.file))).toBe(true);
  expect([fs.existsSync(abandoned), fs.existsSync(retrying), fs.existsSync(open)]).toEqual([false, true, true]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(announced.map((message) => JSON.parse(message).replay_id)).toEqual([old.id]);
  await stop();

  // 0 keeps every replay for ever.
  expect(await applyRecordingRetention(db, paths, { replayDays: 0, now: new Date(now.getTime() + 1000 * day) })).toMatchObject({ replays: 0 });
  expect(fs.existsSync(path.join(paths.replays, recent.file))).toBe(true);
});

it('rotates the SMS outbox once its oldest code is past the retention, dropping the previous rotation', async () => {
  const file = smsOutboxPath(root);
  const line = (at: number) => `${JSON.stringify({ mobile: '13800000000', code: '123456', purpose: 'login', at: new Date(at).toISOString() })}\n`;
  const now = Date.now();
  fs.writeFileSync(`${file}.1`, line(now - 3 * day));
  fs.writeFileSync(file, line(now - 2 * 3_600_000));
  expect(await rotateSmsOutbox(root, 24, now)).toBe(false);
  expect(fs.existsSync(file)).toBe(true);

  fs.writeFileSync(file, line(now - 25 * 3_600_000) + line(now));
  expect(await rotateSmsOutbox(root, 24, now)).toBe(true);
  expect(fs.existsSync(file)).toBe(false);
  expect(fs.readFileSync(`${file}.1`, 'utf8')).toContain(new Date(now).toISOString());
  expect(await rotateSmsOutbox(root, 24, now)).toBe(false);
});
