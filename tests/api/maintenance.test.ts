import { POST, GET } from '@/app/api/maintain/route';
import { getDb } from '@/lib/db';
import { clearMaintenanceNotices, setMaintenanceNotice } from '@/lib/server/maintenance/maintenance';
import { maintainReply, type MaintenanceRecord } from '@/lib/validation/maintain';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('POST /api/maintain', () => {
  afterEach(async () => {
    await clearMaintenanceNotices(await getDb());
  });

  it('answers null data when no maintenance is planned', async () => {
    const reply = await callRoute(POST, { body: { device: 1 } });
    expect(reply).toMatchObject({ status: 0, data: null });
    expectReplyShape(maintainReply, reply.data);
  });

  it('answers the planned record with times in seconds, in the request language', async () => {
    const startsAt = minutes(30);
    const endsAt = minutes(90);
    const remindAt = minutes(-10);
    await setMaintenanceNotice(await getDb(), {
      titleEn: 'Planned upgrade', titleZh: '系统升级', contentEn: 'We are upgrading the video servers.', contentZh: '视频服务器升级中。',
      startsAt, endsAt, remindAt,
    });
    const en = await callRoute<MaintenanceRecord>(POST, { body: { device: 1 } });
    expect(en.data).toEqual({
      title: 'Planned upgrade',
      content: 'We are upgrading the video servers.',
      start_time: Math.floor(startsAt.getTime() / 1000),
      end_time: Math.floor(endsAt.getTime() / 1000),
      remind_time: Math.floor(remindAt.getTime() / 1000),
    });
    expectReplyShape(maintainReply, en.data);
    const zh = await callRoute<MaintenanceRecord>(GET, { method: 'GET', headers: { lang: 'zh_cn' } });
    expect(zh.data.title).toBe('系统升级');
  });

  it('falls back to English text when no Chinese was given, and remind_time 0 without a reminder', async () => {
    await setMaintenanceNotice(await getDb(), { titleEn: 'Upgrade', contentEn: 'Back soon.', startsAt: minutes(1), endsAt: minutes(5) });
    const zh = await callRoute<MaintenanceRecord>(POST, { body: { device: 1 }, headers: { lang: 'zh_cn' } });
    expect(zh.data).toMatchObject({ title: 'Upgrade', remind_time: 0 });
  });

  it('forgets a notice once it is over or cleared', async () => {
    const db = await getDb();
    await setMaintenanceNotice(db, { titleEn: 'Past', contentEn: 'Done.', startsAt: minutes(-60), endsAt: minutes(-1) });
    expect((await callRoute(POST, { body: { device: 1 } })).data).toBeNull();
    await setMaintenanceNotice(db, { titleEn: 'Soon', contentEn: 'Soon.', startsAt: minutes(10), endsAt: minutes(20) });
    expect(await clearMaintenanceNotices(db)).toBe(1);
    expect((await callRoute(POST, { body: { device: 1 } })).data).toBeNull();
  });

  it('keeps only the newest notice', async () => {
    const db = await getDb();
    await setMaintenanceNotice(db, { titleEn: 'First', contentEn: 'a', startsAt: minutes(10), endsAt: minutes(20) });
    await setMaintenanceNotice(db, { titleEn: 'Second', contentEn: 'b', startsAt: minutes(30), endsAt: minutes(40) });
    expect((await callRoute<MaintenanceRecord>(POST, { body: { device: 1 } })).data.title).toBe('Second');
  });

  it('refuses an impossible window without writing it', async () => {
    const db = await getDb();
    await expect(setMaintenanceNotice(db, { titleEn: 'Bad', contentEn: 'x', startsAt: minutes(20), endsAt: minutes(10) })).rejects.toThrow();
    expect((await callRoute(POST, { body: { device: 1 } })).data).toBeNull();
  });

  it('refuses a device that is not a number', async () => {
    expect(await callRoute(POST, { body: { device: 'phone' } })).toMatchObject({ status: 1, msg: 'device must be a number.' });
  });
});
