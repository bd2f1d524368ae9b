import { defineHandler } from '@/lib/server/http/handler';
import { readTalentRanking } from '@/lib/server/rankings/lists';
import { talentRankingInput } from '@/lib/validation/ranking';

/** The talent lists of /ranking (spec §2.2): anchors by income, users by spending; refused when the brand hides them. */
const talentRanking = defineHandler({ auth: 'none', input: talentRankingInput }, ({ db, brand, input, user }) => readTalentRanking(db, brand.id, input, user?.id));

export { talentRanking as POST };
