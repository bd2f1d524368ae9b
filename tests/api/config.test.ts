import { GET, POST } from '@/app/api/config/getCommonConfig/route';
import { getDb } from '@/lib/db';
import { setAppConfigValue } from '@/lib/server/config/app-config';
import { commonConfigReply, type CommonConfig } from '@/lib/validation/config';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

const specKeys = [
  'service_url', 'h5_domain', 'weibo', 'live_preview_switch', 'dialog_daily_times', 'checkin_switch', 'ticket_switch',
  'img_upload_url', 'im_sdkappid', 'private_message_toggle', 'worldcup_thematic_toggle', 'lottery_switch', 'talent_list_status',
];

describe('POST /api/config/getCommonConfig', () => {
  it('answers all 13 app-config keys of spec §3 with live_category and chips', async () => {
    const reply = await callRoute<CommonConfig>(POST);
    expect(reply.status).toBe(0);
    expect(Object.keys(reply.data.config).sort()).toEqual([...specKeys].sort());
    expect(reply.data.chips.length).toBeGreaterThan(0);
    const football = reply.data.live_category.find((category) => category.id === 2);
    expect(football?.name).toBe('Football');
    expect(football?.second_category.map((child) => child.name)).toContain('World Cup');
    expectReplyShape(commonConfigReply, reply.data);
  });

  it('names categories in the language of the lang header', async () => {
    const reply = await callRoute<CommonConfig>(POST, { headers: { lang: 'zh_cn' } });
    expect(reply.data.live_category.find((category) => category.id === 2)?.name).toBe('足球');
  });

  it('answers per brand: the second demo brand turns the games link off and keeps the world cup tab', async () => {
    const standard = await callRoute<CommonConfig>(POST, { host: 'localhost:3000' });
    const qiuba = await callRoute<CommonConfig>(POST, { host: 'zh.localhost:3000' });
    expect(standard.data.config.lottery_switch).toBe(1);
    expect(qiuba.data.config.lottery_switch).toBe(0);
    expect(standard.data.config.worldcup_thematic_toggle).toBe(1);
    expect(qiuba.data.config.worldcup_thematic_toggle).toBe(1);
  });

  it('reflects a value an operator set', async () => {
    await setAppConfigValue(await getDb(), 'sportcast', 'ticket_switch', 0);
    const reply = await callRoute<CommonConfig>(GET, { method: 'GET', host: 'localhost' });
    expect(reply.data.config.ticket_switch).toBe(0);
    await setAppConfigValue(await getDb(), 'sportcast', 'ticket_switch', 1);
  });

  it('refuses an invalid operator value without writing it', async () => {
    await expect(setAppConfigValue(await getDb(), 'sportcast', 'ticket_switch', 7)).rejects.toThrow();
    await expect(setAppConfigValue(await getDb(), 'sportcast', 'no_such_key', 1)).rejects.toThrow();
    const reply = await callRoute<CommonConfig>(POST);
    expect(reply.data.config.ticket_switch).toBe(1);
  });
});
