// The gift constants the live room needs without the schemas (lib/validation/gifts.ts holds those).

/** Most gifts one send may carry. */
export const giftCountMax = 9999;
export const giftIdempotencyKeyMax = 100;
/** The count chips of the gift panel: the field's usual numbers. */
export const giftCountChips = [1, 10, 66, 99, 520, 1314] as const;
/** Spec §4/§9: a combo goes on while the same gift follows within 3 s. */
export const giftComboWindowMs = 3000;
/** Spec §9: a gift animation without its own duration plays 5000 ms. */
export const giftDefaultDurationMs = 5000;
/** Where a gift's Lottie animation is served from: `<base><animation key>.json`. */
export const giftAnimationBase = '/animations/gifts/';
/**
 * The Lottie animations we ship (public/animations/gifts): a gift whose animation is not one of them is an unknown
 * gift, dropped from the animation queue (spec §4). The spec's six keys are among them.
 */
export const giftAnimationKeys: ReadonlySet<string> = new Set([
  'thumbs_up', 'whistle', 'football', 'scarf', 'trophy', 'fireworks', 'rocket',
  'fox_in', 'lion_in', 'long_in', 'qishi_bg', 'gongjue_bg', 'dihuang_bg',
]);
