// Seed steps of the chat: the default limits for every brand, and announcements in the demo anchors' rooms.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { chatAnnouncements, chatConfigs, users } from '@/lib/db/schema';
import { liveRoomKey } from '@/lib/validation/chat';
import type { SeedStep } from './seed-step';
import { defaultChatConfig } from '@/lib/server/chat/config';

export const chatConfigStep: SeedStep = {
  name: 'chat-config',
  run: async (db: Db) => {
    await db.insert(chatConfigs).values({ brandId: '*', ...defaultChatConfig });
  },
};

export const demoAnnouncementsStep: SeedStep = {
  name: 'demo-chat-announcements',
  run: async (db: Db) => {
    const anchors = await db.select({ id: users.id, brandId: users.brandId }).from(users).where(eq(users.role, 'anchor'));
    if (anchors.length === 0) return;
    // An announcement is written once, in the language of the anchor's audience.
    await db.insert(chatAnnouncements).values(
      anchors.map((anchor) =>
        anchor.brandId === 'qiuba'
          ? {
              roomKey: liveRoomKey(anchor.id),
              content: '比赛日准时开播：赛前分析、实时解说、赛后复盘。请文明发言，链接和联系方式会被拦截。',
              contact: [{ title: 'main_content', value: '每晚 8 点直播' }, { title: '粉丝群', value: '直播间右侧加入' }],
            }
          : {
              roomKey: liveRoomKey(anchor.id),
              content: 'Match-day streams with pre-match tactics, live commentary and a post-match review. Keep the chat friendly: links and phone numbers are blocked.',
              contact: [{ title: 'main_content', value: 'Live every match day' }, { title: 'Fan group', value: 'Join from the chat panel' }],
            },
      ),
    );
  },
};
