// The brand's app configuration (spec §3 app config): each key with the schema an operator's value must pass and
// its default, and POST /api/config/getCommonConfig's reply, which carries them with the live categories.
import { z } from 'zod';
import { liveCategorySchema } from './live';
import { siteRoutes } from '@/lib/routes';

const switchValue = z.coerce.number().int().min(0).max(1);

export const appConfigSchemas = {
  service_url: z.string().max(500),
  h5_domain: z.string().max(200),
  weibo: z.string().max(500),
  live_preview_switch: switchValue,
  dialog_daily_times: z.coerce.number().int().min(0).max(100),
  checkin_switch: switchValue,
  ticket_switch: switchValue,
  img_upload_url: z.string().max(500),
  im_sdkappid: z.coerce.number().int().min(0),
  private_message_toggle: switchValue,
  worldcup_thematic_toggle: switchValue,
  lottery_switch: switchValue,
  talent_list_status: switchValue,
  // Not one of the 13, but served in the same reply: the quiz bet chips, in hundredths.
  chips: z.array(z.coerce.number().int().positive()).min(1).max(10),
  // Ours, not served to browsers: 1 makes every operator console user give a TOTP code (docs/admin.md).
  admin_totp_required: switchValue,
} as const;

export type AppConfigKey = keyof typeof appConfigSchemas;
export type AppConfigValues = { [K in AppConfigKey]: z.output<(typeof appConfigSchemas)[K]> };
export const appConfigKeys = Object.keys(appConfigSchemas) as AppConfigKey[];

export function isAppConfigKey(key: string): key is AppConfigKey {
  return key in appConfigSchemas;
}

export const appConfigDefaults: AppConfigValues = {
  service_url: siteRoutes.feedback,
  h5_domain: '',
  weibo: '',
  live_preview_switch: 1,
  dialog_daily_times: 1,
  checkin_switch: 1,
  ticket_switch: 1,
  img_upload_url: '/uploads/',
  // 0 selects the built-in WebSocket messaging service rather than a Tencent IM app.
  im_sdkappid: 0,
  private_message_toggle: 1,
  worldcup_thematic_toggle: 1,
  lottery_switch: 1,
  talent_list_status: 1,
  chips: [1000, 5000, 10000, 50000],
  admin_totp_required: 0,
};

/** POST /api/config/getCommonConfig: every key but the chips (and the console's switch) under `config`, the live categories, the quiz chips. */
export const commonConfigReply = z.object({
  config: z.object(appConfigSchemas).omit({ chips: true, admin_totp_required: true }),
  live_category: z.array(liveCategorySchema),
  chips: z.array(z.number()),
});
export type CommonConfig = z.infer<typeof commonConfigReply>;

