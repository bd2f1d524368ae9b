import { z } from 'zod';

const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(0, message).max(max, message);

/** /api/home/getLongMenAg: spec §7 sends equipment 1 and category 6 (home page) or 11 (elsewhere). */
export const getLongMenAgInput = z.object({
  equipment: wholeNumber('content.validation.equipment', 99).default(1),
  category: wholeNumber('content.validation.category', 9_999),
});

/** /api/activity/getAdJumpLink: jump_type defaults to 100 (spec §7). */
export const getAdJumpLinkInput = z.object({ jump_type: wholeNumber('content.validation.jumpType', 1_000_000).default(100) });
