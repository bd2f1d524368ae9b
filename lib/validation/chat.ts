// Chat and moderation inputs: one schema per input, shared by the live room's dialogs and the route handlers.
// Messages are keys of messages/*/chat.json.
import { z } from 'zod';
import { banReasons, banUnits, parseRoomKey, type BanUnit } from '@/lib/realtime/protocol';

/** A room key (`live:<anchor id>`, …) or, as the spec's groupId, a bare live room id. */
export const roomKeySchema = z
  .union([z.string('chat.validation.roomRequired'), z.number()])
  .transform((value, ctx) => {
    const parsed = parseRoomKey(String(value).trim());
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'chat.validation.roomInvalid' });
      return z.NEVER;
    }
    return parsed.key;
  });

/** Longest ban per unit (permanent has no duration). */
export const banDurationMax: Record<Exclude<BanUnit, 'permanent'>, number> = { minute: 1440, hour: 720, day: 365 };

const userId = z.coerce.number('chat.validation.userRequired').int('chat.validation.userRequired').positive('chat.validation.userRequired');

export const banUserInput = z
  .object({
    groupId: roomKeySchema,
    user_id: userId,
    unit: z.enum(banUnits, 'chat.validation.unitInvalid'),
    duration: z.coerce.number().int('chat.validation.durationInvalid').min(0, 'chat.validation.durationInvalid').default(0),
    reason: z.enum(banReasons, 'chat.validation.reasonInvalid'),
  })
  .superRefine((input, ctx) => {
    if (input.unit === 'permanent') return;
    if (input.duration < 1 || input.duration > banDurationMax[input.unit]) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'chat.validation.durationInvalid' });
    }
  });
export type BanUserInput = z.output<typeof banUserInput>;

export const unbanUserInput = z.object({ groupId: roomKeySchema, user_id: userId });
export type UnbanUserInput = z.output<typeof unbanUserInput>;

export const deleteMessageInput = z.object({
  groupId: roomKeySchema,
  id: z.string('chat.validation.messageRequired').trim().min(1, 'chat.validation.messageRequired').max(64, 'chat.validation.messageRequired'),
});
export type DeleteMessageInput = z.output<typeof deleteMessageInput>;

export const banListInput = z.object({ groupId: roomKeySchema });

export const announcementMaxLength = 500;

export const setAnnouncementInput = z.object({
  groupId: roomKeySchema,
  content: z.string('chat.validation.announcementRequired').trim().max(announcementMaxLength, 'chat.validation.announcementTooLong'),
  contact: z
    .array(z.object({ title: z.string().trim().min(1).max(40), value: z.string().trim().min(1).max(200) }), 'chat.validation.contactInvalid')
    .max(6, 'chat.validation.contactInvalid')
    .default([]),
});
export type SetAnnouncementInput = z.output<typeof setAnnouncementInput>;
