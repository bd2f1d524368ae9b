import { POST, GET } from '@/app/api/maintain/route';
import { POST as setMaintenanceRoute } from '@/app/api/admin/setMaintenance/route';
import { POST as clearMaintenanceRoute } from '@/app/api/admin/clearMaintenance/route';
import { getDb } from '@/lib/db';
import { clearMaintenanceNotices, setMaintenanceNotice } from '@/lib/server/maintenance/maintenance';
import { maintainReply, type MaintenanceRecord } from '@/lib/validation/maintain';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { call, consoleUser, latestAudit } from './console-helpers';

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

describe('the console’s maintenance page', () => {
  afterEach(async () => {
    await clearMaintenanceNotices(await getDb());
  });

  /** A UTC minute as the form's datetime-local field sends it. */
  const utcField = (date: Date) => date.toISOString().slice(0, 16);
  const form = (changes: Record<string, string> = {}) => ({
    title_en: 'Planned upgrade',
    title_zh: '系统升级',
    content_en: 'Video servers are being upgraded.',
    content_zh: '',
    starts_at: utcField(minutes(60)),
    ends_at: utcField(minutes(120)),
    remind_at: utcField(minutes(-5)),
    ...changes,
  });

  it('announces a notice every browser is then told about, replacing the current one, audited; clearing takes it away', async () => {
    const { cookie } = await consoleUser('operator');
    const first = await call<{ id: number }>(setMaintenanceRoute, form(), cookie);
    expect(first).toMatchObject({ status: 0 });
    const shown = await callRoute<MaintenanceRecord>(POST, { body: { device: 1 } });
    expect(shown.data).toMatchObject({ title: 'Planned upgrade', content: 'Video servers are being upgraded.', start_time: Math.floor(new Date(`${form().starts_at}:00Z`).getTime() / 1000) });
    expect((await callRoute<MaintenanceRecord>(POST, { body: { device: 1 }, headers: { lang: 'zh_cn' } })).data).toMatchObject({ title: '系统升级', content: 'Video servers are being upgraded.' });
    expect(await latestAudit(first.data.id, 'maintenance')).toMatchObject({ action: 'maintenance.set', before: null, after: { id: first.data.id, title: { 'en-US': 'Planned upgrade' } } });

    const second = await call<{ id: number }>(setMaintenanceRoute, form({ title_en: 'Upgrading now', starts_at: utcField(minutes(-1)), remind_at: '' }), cookie);
    expect(second).toMatchObject({ status: 0 });
    expect((await callRoute<MaintenanceRecord>(POST, { body: { device: 1 } })).data).toMatchObject({ title: 'Upgrading now', remind_time: 0 });
    expect(await latestAudit(second.data.id, 'maintenance')).toMatchObject({ before: { id: first.data.id } });

    expect(await call(clearMaintenanceRoute, {}, cookie)).toMatchObject({ status: 0, data: { cleared: true } });
    expect((await callRoute(POST, { body: { device: 1 } })).data).toBeNull();
    expect(await latestAudit(second.data.id, 'maintenance')).toMatchObject({ action: 'maintenance.clear', after: null });
    // Nothing left to clear: nothing written.
    expect(await call(clearMaintenanceRoute, {}, cookie)).toMatchObject({ status: 0, data: { cleared: false } });
  });

  it('refuses a bad notice with a message in the operator’s language and leaves the current one', async () => {
    const { cookie } = await consoleUser('operator');
    expect(await call(setMaintenanceRoute, form(), cookie)).toMatchObject({ status: 0 });
    for (const [changes, message] of [
      [{ title_en: '  ' }, 'Enter the title in English.'],
      [{ content_en: '' }, 'Enter what visitors read in English.'],
      [{ title_en: 'x'.repeat(101) }, 'A title is at most 100 characters and a text at most 2,000.'],
      [{ starts_at: 'tomorrow' }, 'Enter when the maintenance starts, as a UTC date and time.'],
      [{ starts_at: '2026-02-30T10:00' }, 'Enter when the maintenance starts, as a UTC date and time.'],
      [{ ends_at: utcField(minutes(30)) }, 'Enter when it ends, after it starts, as a UTC date and time.'],
      [{ starts_at: utcField(minutes(-120)), ends_at: utcField(minutes(-60)), remind_at: '' }, 'That maintenance is already over: enter an end in the future.'],
      [{ remind_at: utcField(minutes(90)) }, 'The reminder comes before the start: enter a UTC date and time no later than the start, or leave it empty.'],
    ] as const) {
      expect(await call(setMaintenanceRoute, form(changes), cookie)).toMatchObject({ status: 1, msg: message });
    }
    expect(await call(setMaintenanceRoute, form({ ends_at: '' }), cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请输入晚于开始时间的结束时间（UTC 日期和时间）。' });
    expect((await callRoute<MaintenanceRecord>(POST, { body: { device: 1 } })).data).toMatchObject({ title: 'Planned upgrade' });
  });

  it('is the operator’s alone: a content editor, finance and a moderator are refused', async () => {
    for (const role of ['content', 'finance', 'moderator'] as const) {
      const { cookie } = await consoleUser(role);
      expect(await call(setMaintenanceRoute, form(), cookie)).toMatchObject({ status: 1 });
    }
    expect((await callRoute(POST, { body: { device: 1 } })).data).toBeNull();
  });
});
