// The mall's and the chat props' plain constants, without zod: the props a chat line can carry (spec §3), the
// mall's tabs and the purchase limits, for the browser (props picker, mall page) and the server alike.

/** Spec §3 props: type 100 the speaker, type 101 a colourful bubble in one of three colours (props_id 2–4). */
export const speakerPropsType = 100;
export const bubblePropsType = 101;
export const bubblePropsIds = [2, 3, 4] as const;

/** The props a viewer can pick for a line, each one backpack item of exactly that type and props id. */
export const chatProps = [
  { key: 'speaker', type: speakerPropsType, propsId: 0 },
  { key: 'bubble2', type: bubblePropsType, propsId: 2 },
  { key: 'bubble3', type: bubblePropsType, propsId: 3 },
  { key: 'bubble4', type: bubblePropsType, propsId: 4 },
] as const;

/** The mall's tabs: props for the chat, VIP membership, viewing tickets. */
export const mallTabs = ['props', 'vip', 'tickets'] as const;
export type MallTab = (typeof mallTabs)[number];

/** Most units of one item in one purchase (a VIP purchase counts periods). */
export const maxPurchaseCount = 99;

/**
 * Props cost one backpack item per line, except the speaker of room managers and operators, whose announcements
 * keep a room in order (docs/mall.md). The server enforces it; the props picker shows it.
 */
export function propFree(role: string, propsType: number): boolean {
  return propsType === 0 || (propsType === speakerPropsType && (role === 'manager' || role === 'operator'));
}
