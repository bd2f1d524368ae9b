// Inputs the schemas once let through to a query that Postgres then failed (found by tests/api/fuzz-schemas.test.ts,
// docs/hardening.md): ids past a 32-bit column and a NUL byte in a text key. Each must be refused with its message,
// and nothing may be logged as "request failed" (the internal error a caller would have seen).
import { POST as setBooking } from '@/app/api/booking/set/route';
import { POST as verifyCaptcha } from '@/app/api/captcha_verify/route';
import { POST as getLiveList } from '@/app/api/live/getLiveList/route';
import { POST as getReplayList } from '@/app/api/live/getReplayList/route';
import { POST as createOrder } from '@/app/api/recharge/create/route';
import { POST as login } from '@/app/api/user/login/route';
import { log } from '@/lib/server/log';
import enBookings from '@/messages/en-US/bookings.json';
import enLive from '@/messages/en-US/live.json';
import enWallet from '@/messages/en-US/wallet.json';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, type Account } from './live-helpers';

const past32Bits = 2 ** 31;
let viewer: Account;

beforeAll(async () => {
  viewer = await accountWithRole('1376');
});

async function refusal(handler: Parameters<typeof callRoute>[0], body: unknown): Promise<{ status: number; msg: string; internal: boolean }> {
  const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
  try {
    const reply = await callRoute(handler, { credential: viewer.credential, body, headers: { lang: 'en-US' } });
    return { status: reply.status, msg: reply.msg, internal: logged.mock.calls.some(([message]) => message === 'request failed') };
  } finally {
    logged.mockRestore();
  }
}

describe('ids past a 32-bit column', () => {
  it('are refused by the live and replay lists (category and child category)', async () => {
    for (const body of [{ category_id: past32Bits }, { child_category_id: past32Bits }]) {
      expect(await refusal(getLiveList, body)).toEqual({ status: 1, msg: enLive.validation.badId, internal: false });
    }
    expect(await refusal(getReplayList, { category_id: past32Bits })).toEqual({ status: 1, msg: enLive.validation.badId, internal: false });
    // The largest 32-bit id is still a valid filter: an empty list.
    expect(await refusal(getLiveList, { category_id: past32Bits - 1 })).toMatchObject({ status: 0, internal: false });
  });

  it('are refused as a match to book, while a planned live keeps 64-bit ids (unknown here, so refused by the rules)', async () => {
    expect(await refusal(setBooking, { kind: 'match', id: past32Bits, booked: 1 })).toEqual({ status: 1, msg: enBookings.validation.badTarget, internal: false });
    const plan = await refusal(setBooking, { kind: 'plan', id: past32Bits, booked: 1 });
    expect(plan).toMatchObject({ status: 1, internal: false });
    expect(plan.msg).not.toBe(enBookings.validation.badTarget);
  });

  it('are refused as a recharge package', async () => {
    expect(await refusal(createOrder, { package_id: past32Bits, provider: 'sandbox' })).toEqual({ status: 1, msg: enWallet.validation.packageRequired, internal: false });
  });
});

it('refuses a captcha id with a NUL byte (Postgres takes none in text) without an internal error, to verify or to log in', async () => {
  for (const reply of [
    await refusal(verifyCaptcha, { id: '\u0000', x: 10 }),
    await refusal(login, { account: '13800138000', pwd: 'abcdefgh-1234', login_type: 1, captcha_id: '\u0000' }),
  ]) {
    expect(reply).toMatchObject({ status: 1, internal: false });
    expect(reply.msg).not.toBe('');
  }
});
