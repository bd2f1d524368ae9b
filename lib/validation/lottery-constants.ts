// The lottery's vocabulary without the schemas (lib/validation/lottery.ts holds those).

/** What a prize gives: gold or diamond (hundredths), a backpack item (`item:<type>`), or nothing ("try again"). */
export const lotteryPrizeKinds = ['gold', 'diamond', 'item', 'nothing'] as const;
