// GET|POST /api/match/getScores: the scores a spoiler-free page left out, for the matches its visitor revealed
// (lib/spoilers.ts). The seeded database replays the World Cup 30 minutes into Netherlands v Qatar (1033, 1–0).
import { GET as getScoresGet, POST as getScores } from '@/app/api/match/getScores/route';
import { matchScoresReply, type MatchScoresReply } from '@/lib/validation/match-live';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

describe('GET|POST /api/match/getScores', () => {
  it('answers a finished match, a live one and a fixture as they stand', async () => {
    const reply = await callRoute<MatchScoresReply>(getScoresGet, { method: 'GET', path: '/api/match/getScores?ids=1001,1033,1064' });
    expect(reply.status).toBe(0);
    expectReplyShape(matchScoresReply, reply.data);
    const byId = new Map(reply.data.scores.map((score) => [score.match_id, score]));
    expect(byId.get(1001)).toEqual({ match_id: 1001, status: 'finished', score: { home: 0, away: 2 }, penalties: null });
    expect(byId.get(1033)).toMatchObject({ status: 'live', score: { home: 1, away: 0 } });
    // The final is still to come: no score, and no shoot-out either.
    expect(byId.get(1064)).toEqual({ match_id: 1064, status: 'upcoming', score: null, penalties: null });
  });

  it('answers ids that name no match with nothing for them', async () => {
    const reply = await callRoute<MatchScoresReply>(getScores, { body: { ids: '999999' } });
    expect(reply).toMatchObject({ status: 0, data: { scores: [] } });
  });

  it.each([
    ['a word', { ids: 'final' }],
    ['a negative id', { ids: '-1' }],
    ['a list of 51', { ids: Array.from({ length: 51 }, (_, index) => 1001 + index).join(',') }],
    ['a number instead of a list', { ids: 1001 }],
  ])('refuses %s with status 1 in the reader’s language', async (_case, body) => {
    expect(await callRoute(getScores, { body })).toMatchObject({ status: 1, msg: 'Match ids must be whole numbers separated by commas, at most 50.' });
    expect(await callRoute(getScores, { body, headers: { lang: 'zh_cn' } })).toMatchObject({ status: 1, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });
});
