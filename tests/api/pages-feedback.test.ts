// POST /api/feedback/submit (the /about/3 form): stored with what the sender gave and who they are,
// bad input refused in the sender's language, and the sending limit per address.
import { desc, eq } from 'drizzle-orm';
import { POST as submitFeedback } from '@/app/api/feedback/submit/route';
import { getDb } from '@/lib/db';
import { feedback } from '@/lib/db/schema';
import { credentialOf, newIp, newPhone, signInBySms } from '@/tests/support/auth';
import { feedbackSubmitReply, type FeedbackSubmitReply } from '@/lib/validation/feedback';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

const message = 'The live text of the final stopped updating after the first goal.';
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });


async function latestFeedback() {
  const [row] = await (await getDb()).select().from(feedback).orderBy(desc(feedback.id)).limit(1);
  return row;
}

describe('POST /api/feedback/submit', () => {
  it('stores a visitor’s message with its topic, contact, brand and language', async () => {
    const reply = await callRoute<FeedbackSubmitReply>(submitFeedback, {
      body: { category: 'bug', content: `  ${message}  `, contact: 'fan@example.com' },
      host: 'zh.localhost:3000',
      headers: { ...fromIp(newIp()), 'user-agent': 'Mozilla/5.0 test' },
    });
    expect(reply).toMatchObject({ status: 0, msg: 'success' });
    expectReplyShape(feedbackSubmitReply, reply.data);
    const row = await latestFeedback();
    expect(row).toMatchObject({
      id: reply.data.id,
      brandId: 'qiuba',
      userId: null,
      category: 'bug',
      content: message,
      contact: 'fan@example.com',
      locale: 'zh-CN',
      userAgent: 'Mozilla/5.0 test',
      status: 'new',
    });
  });

  it('links the message to the signed-in sender', async () => {
    const user = await signInBySms(newPhone('1391'));
    const reply = await callRoute<{ id: number }>(submitFeedback, {
      body: { category: 'account', content: 'I cannot change my nickname a second time this week.' },
      credential: credentialOf(user),
      headers: fromIp(newIp()),
    });
    expect(reply.status).toBe(0);
    const [row] = await (await getDb()).select().from(feedback).where(eq(feedback.id, reply.data.id));
    expect(row).toMatchObject({ userId: user.id, category: 'account', contact: '' });
  });

  it.each([
    ['no topic', { content: message }, 'Please choose what your feedback is about.'],
    ['an unknown topic', { category: 'praise', content: message }, 'Please choose what your feedback is about.'],
    ['no message', { category: 'bug' }, 'Please write your message.'],
    ['a blank message', { category: 'bug', content: '     ' }, 'Please write your message.'],
    ['a message too short to act on', { category: 'bug', content: 'broken' }, 'Please write at least 10 characters, so that we can understand the problem.'],
    ['a message over 1000 characters', { category: 'bug', content: 'x'.repeat(1001) }, 'Your message can be at most 1000 characters.'],
    ['a contact that is neither phone nor e-mail', { category: 'bug', content: message, contact: 'my neighbour' }, 'Please enter a phone number or an e-mail address, or leave it empty.'],
  ])('refuses %s with status 1 and says why', async (_case, body, text) => {
    const before = await latestFeedback();
    const reply = await callRoute(submitFeedback, { body, headers: fromIp(newIp()) });
    expect(reply).toMatchObject({ httpStatus: 200, status: 1, msg: text, data: null });
    expect((await latestFeedback())?.id).toBe(before?.id);
  });

  it('says why in Chinese to a Chinese reader', async () => {
    const reply = await callRoute(submitFeedback, { body: { category: 'bug', content: '太短' }, headers: { ...fromIp(newIp()), lang: 'zh_cn' } });
    expect(reply).toMatchObject({ status: 1, msg: '请至少填写10个字，以便我们了解问题。' });
  });

  it('accepts five messages from one address in ten minutes, then asks the sender to wait', async () => {
    const ip = newIp();
    for (let index = 0; index < 5; index += 1) {
      const reply = await callRoute(submitFeedback, { body: { category: 'suggestion', content: `${message} (${index})` }, headers: fromIp(ip) });
      expect(reply.status).toBe(0);
    }
    const refused = await callRoute(submitFeedback, { body: { category: 'suggestion', content: message }, headers: fromIp(ip) });
    expect(refused).toMatchObject({ status: 1, msg: 'You have sent several messages in a short time. Please try again in 10 minutes.' });
    // Another address is not affected.
    expect((await callRoute(submitFeedback, { body: { category: 'suggestion', content: message }, headers: fromIp(newIp()) })).status).toBe(0);
  });

  it('answers a GET with status 1 rather than storing anything', async () => {
    const reply = await callRoute(submitFeedback, { method: 'GET', path: '/api/feedback/submit?category=bug' });
    expect(reply).toMatchObject({ status: 1, data: null });
  });
});
