// The brand's app-config switches in the operator console (docs/admin.md "Brand settings"): the form sends every
// key as text (a switch as "1" or "0", the quiz chips as whole gold separated by commas), and this schema turns
// them into the values lib/validation/config.ts keeps. Messages are keys of messages/*/admin.json.
import { z } from 'zod';
import { consoleText } from './admin';
import type { AppConfigKey, AppConfigValues } from './config';

/** The switches (0 or 1), in the order the form shows them. */
export const brandSwitchKeys = [
  'live_preview_switch',
  'checkin_switch',
  'ticket_switch',
  'private_message_toggle',
  'worldcup_thematic_toggle',
  'lottery_switch',
  'talent_list_status',
  'admin_totp_required',
] as const satisfies readonly AppConfigKey[];

/** Free text: links and hosts. */
export const brandTextKeys = ['service_url', 'h5_domain', 'weibo', 'img_upload_url'] as const satisfies readonly AppConfigKey[];

const onOff = z.enum(['0', '1'], 'admin.settings.errors.switch').transform(Number);
const text = (max: number) => consoleText('admin.settings.errors.text', z.string().trim().max(max, 'admin.settings.errors.textTooLong'));
const whole = (max: number) => z.coerce.number('admin.settings.errors.number').int('admin.settings.errors.number').min(0, 'admin.settings.errors.number').max(max, 'admin.settings.errors.number');

/** "10, 50, 100" whole gold → hundredths; one to ten chips, each above zero. */
const chips = z
  .string('admin.settings.errors.chips')
  .transform((value, ctx) => {
    const parts = value.split(/[,，\s]+/).filter(Boolean);
    const numbers = parts.map(Number);
    if (parts.length < 1 || parts.length > 10 || numbers.some((number) => !Number.isInteger(number) || number < 1 || number > 1_000_000)) {
      ctx.addIssue({ code: 'custom', message: 'admin.settings.errors.chips' });
      return z.NEVER;
    }
    return numbers.map((number) => number * 100);
  });

export const brandSettingsInput = z.object({
  live_preview_switch: onOff,
  checkin_switch: onOff,
  ticket_switch: onOff,
  private_message_toggle: onOff,
  worldcup_thematic_toggle: onOff,
  lottery_switch: onOff,
  talent_list_status: onOff,
  admin_totp_required: onOff,
  service_url: text(500),
  h5_domain: text(200),
  weibo: text(500),
  img_upload_url: text(500),
  dialog_daily_times: whole(100),
  im_sdkappid: whole(4_294_967_295),
  chips,
  // Every key of the app config has a field: a new key does not compile until the form has its place.
}) satisfies z.ZodType<AppConfigValues, unknown>;
export type BrandSettingsInput = z.output<typeof brandSettingsInput>;

/** What the settings page shows: each key's value for this brand, and whether the brand set it or inherits it. */
export type BrandSettings = { values: AppConfigValues; own: AppConfigKey[] };
