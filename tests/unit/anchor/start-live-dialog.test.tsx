// The start-live dialog's rules as an anchor meets them (spec §2.4 item 5, §4, §5): required fields and their
// messages, the 50-character title, covers by type and size, the planned-live extras, the ticket switch, masked push
// credentials with copy, and where starting leads. The HTTP client is faked at its one `post` function.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { StartLiveButton } from '@/components/anchor/start-live-button';
import { StartLiveDialog } from '@/components/anchor/start-live-dialog';
import { ToastViewport } from '@/components/shell/toast-viewport';
import type { UserInfo } from '@/lib/validation/users';
import { ApiError, api, getQueryClient } from '@/lib/http';
import type { Locale } from '@/lib/i18n/locales';
import { useUserStore } from '@/stores/user-store';
import { router } from '../shell/navigation-mock';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
const post = jest.spyOn(api, 'post');

const streamInfo = {
  push_url: 'rtmp://localhost:1935/live/s7abc?key=0123456789abcdef',
  web_rtc_push_url: '',
  stream: 's7abc',
  anchor_secret: '0123456789abcdef',
  push_server: 'rtmp://localhost:1935/live',
  push_key: 's7abc?key=0123456789abcdef',
};
const categories = [
  { id: 1, name: 'Basketball', second_category: [{ id: 11, name: 'NBA' }] },
  { id: 2, name: 'Football', second_category: [{ id: 21, name: 'World Cup' }] },
];

/** Answers each path as the server would; `overrides` replace single paths. */
function serve(overrides: Record<string, (body: unknown) => unknown> = {}) {
  const replies: Record<string, (body: unknown) => unknown> = {
    '/webapi/live/getCategory': () => categories,
    '/webapi/live/getStreamInfo': () => streamInfo,
    '/api/match/getSportMatchComp': () => ({ sport_live_match_comp: [{ comp: 'WC', comp_id: 5, comp_name: 'World Cup 2026', open_matches: 2 }] }),
    '/api/match/getSportMatch': () => ({
      sport_live_match: [{ match_id: 901, home: 'Brazil', away: 'Japan', start_time: 1_900_000_000, status: 'upcoming', round: 'Group A' }],
    }),
    '/api/oss_sts': () => {
      throw new ApiError('Object storage is not configured', 'failure', 1, '/api/oss_sts');
    },
    '/api/user/file': () => ['covers/7-aa.webp'],
    '/webapi/live/startLive': () => ({ live_id: 3, anchor_id: 7, status: 'waiting', room_path: '/liveMatchesTwo/7' }),
    '/api/live/anchor_plan_create': () => ({ id: 1, title: 'x', category_id: 1, child_category_id: 11, match_id: 0, thumb: '', ticket: 0, plan_time: 0, status: 'planned' }),
    ...overrides,
  };
  post.mockImplementation(async (path: string, body?: unknown) => {
    const reply = replies[path];
    if (!reply) throw new Error(`unexpected call ${path}`);
    return reply(body) as never;
  });
}

const onClose = jest.fn();

async function openDialog(ticketSwitch = 1, locale: Locale = 'en-US') {
  renderWithShell(
    <>
      <StartLiveDialog anchorId={7} ticketSwitch={ticketSwitch} onClose={onClose} />
      <ToastViewport />
    </>,
    locale,
  );
  const dialog = await screen.findByRole('dialog');
  // The categories have arrived once the first real option shows.
  await within(dialog).findByRole('option', { name: locale === 'en-US' ? 'Football' : 'Football' });
  return dialog;
}

const select = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const fileInputs = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll<HTMLInputElement>('input[type="file"]'));
const image = (name: string, type: string, bytes = 1024) => new File([new Uint8Array(bytes)], name, { type });

beforeEach(() => {
  post.mockReset();
  router.push.mockClear();
  onClose.mockClear();
  getQueryClient().clear();
  serve();
});

describe('start-live dialog', () => {
  it('names every missing required field in the user’s language and starts nothing', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start live' }));
    expect(within(dialog).getByLabelText('Category')).toHaveAccessibleDescription('Please select');
    expect(within(dialog).getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAccessibleDescription('Please enter a title');
    expect(post).not.toHaveBeenCalledWith('/webapi/live/startLive', expect.anything());

    select(within(dialog).getByLabelText('Category'), '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start live' }));
    expect(within(dialog).getByLabelText('Secondary category')).toHaveAccessibleDescription('Please select secondary category');
  });

  it('speaks Chinese in the zh-CN locale', async () => {
    const dialog = await openDialog(1, 'zh-CN');
    fireEvent.click(within(dialog).getByRole('button', { name: '开始直播' }));
    expect(within(dialog).getByLabelText('分类')).toHaveAccessibleDescription('请选择');
    expect(within(dialog).getByLabelText(/^标题/)).toHaveAccessibleDescription('请输入标题');
  });

  it('stops the title at 50 characters, counted as the server counts them, and never shows more', async () => {
    const dialog = await openDialog();
    const title = within(dialog).getByLabelText(/^Title/);
    type(title, 'x'.repeat(60));
    expect(title).toHaveValue('x'.repeat(50));
    expect(within(dialog).getByText('50/50')).toHaveAttribute('data-full', 'true');
    expect(within(dialog).queryByText('60/50')).not.toBeInTheDocument();
    // A pasted Chinese title is cut at 50 characters too; emoji count one character each, as on the server.
    type(title, '世界杯'.repeat(20));
    expect(title).toHaveValue('世界杯'.repeat(20).slice(0, 50));
    type(title, `${'x'.repeat(48)}😀😀😀`);
    expect(title).toHaveValue(`${'x'.repeat(48)}😀😀`);
    expect(within(dialog).getByText('50/50')).toBeInTheDocument();
    // Leading spaces go (the server trims them): they never eat into the 50.
    type(title, `   ${'y'.repeat(50)}`);
    expect(title).toHaveValue('y'.repeat(50));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start live' }));
    expect(within(dialog).queryByText('The title can be at most 50 characters')).not.toBeInTheDocument();
  });

  it('offers competition and match only for category 2', async () => {
    const dialog = await openDialog();
    select(within(dialog).getByLabelText('Category'), '1');
    expect(within(dialog).queryByLabelText('Competition')).not.toBeInTheDocument();
    select(within(dialog).getByLabelText('Category'), '2');
    const competition = within(dialog).getByLabelText('Competition');
    await within(competition).findByRole('option', { name: 'World Cup 2026' });
    select(competition, 'WC');
    const match = within(dialog).getByLabelText('Match');
    await within(match).findByRole('option', { name: /Brazil – Japan/ });
    expect(post).toHaveBeenCalledWith('/api/match/getSportMatch', { sport_id: 2, comp: 'WC' });
  });

  it('refuses a .jfif or oversized cover with a toast and uploads an accepted one', async () => {
    const dialog = await openDialog();
    const [landscape] = fileInputs(dialog);
    fireEvent.change(landscape, { target: { files: [image('photo.jfif', 'image/jpeg')] } });
    expect(await screen.findByText('Only JPG, GIF, PNG and BMP images can be uploaded')).toBeInTheDocument();
    fireEvent.change(landscape, { target: { files: [image('big.png', 'image/png', 2 * 1024 * 1024)] } });
    expect(await screen.findByText('The image must be smaller than 2 MB')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith('/api/user/file', expect.anything());

    URL.createObjectURL = jest.fn(() => 'blob:cover');
    URL.revokeObjectURL = jest.fn();
    fireEvent.change(landscape, { target: { files: [image('cover.bmp', 'image/bmp')] } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove Cover' })).toBeInTheDocument());
    expect(post).toHaveBeenCalledWith('/api/user/file', expect.any(FormData));
  });

  it('needs a vertical cover and a planned time for a planned live', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Plan a live' }));
    select(within(dialog).getByLabelText('Category'), '1');
    select(within(dialog).getByLabelText('Secondary category'), '11');
    type(within(dialog).getByLabelText(/^Title/), 'Friday night NBA');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(within(dialog).getByText('The vertical cover cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('The planned start time cannot be empty')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith('/api/live/anchor_plan_create', expect.anything());
  });

  it('shows the ticket switch when tickets are on, with the price of HD in words and no number the server ignores', async () => {
    const dialog = await openDialog(1);
    const ticketSwitch = within(dialog).getByRole('switch', { name: 'Ticket for HD' });
    expect(ticketSwitch).toHaveAccessibleDescription('Viewers spend 1 ticket to watch this live in HD.');
    expect(ticketSwitch).toHaveAttribute('aria-checked', 'false');
    expect(within(dialog).queryByLabelText('Ticket count')).not.toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('1')).not.toBeInTheDocument();
    fireEvent.click(ticketSwitch);
    expect(ticketSwitch).toHaveAttribute('aria-checked', 'true');
  });

  it('hides the ticket switch when the brand turns tickets off', async () => {
    const dialog = await openDialog(0);
    expect(within(dialog).queryByRole('switch', { name: 'Ticket for HD' })).not.toBeInTheDocument();
  });

  it('shows the push address and key masked and copies the whole key', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const dialog = await openDialog();
    const key = await within(dialog).findByRole('group', { name: 'Push key' });
    await waitFor(() => expect(key).toHaveTextContent(/^s7abc\?•+cdefCopy$/));
    expect(key).not.toHaveTextContent(streamInfo.anchor_secret);
    fireEvent.click(within(key).getByRole('button', { name: 'Copy Push key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(streamInfo.push_key));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Fast push (WebRTC)' })).toBeDisabled();
  });

  it('starts with the §3 payload, toasts and opens the room', async () => {
    const dialog = await openDialog();
    await within(dialog).findByRole('group', { name: 'Push key' });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/webapi/live/getStreamInfo'));
    select(within(dialog).getByLabelText('Category'), '1');
    select(within(dialog).getByLabelText('Secondary category'), '11');
    type(within(dialog).getByLabelText(/^Title/), '  Lakers tonight  ');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Ticket for HD' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start live' }));
    });
    expect(post).toHaveBeenCalledWith('/webapi/live/startLive', {
      title: 'Lakers tonight',
      category: 1,
      cateid: 11,
      stream: 's7abc',
      stream_name: 's7abc',
      thumb: '',
      thumb_y: '',
      room_type: 0,
      anchor_secret: '0123456789abcdef',
      price: 0,
      start_stamp: 0,
      match_id: 0,
      ticket: 1,
      enable_webrtc: 0,
      ticket_toogle: 1,
    });
    expect(router.push).toHaveBeenCalledWith('/liveMatchesTwo/7');
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Live set up successfully')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when starting fails', async () => {
    serve({
      '/webapi/live/startLive': () => {
        throw new ApiError('You are already live. End the current live first.', 'failure', 1, '/webapi/live/startLive');
      },
    });
    const dialog = await openDialog();
    select(within(dialog).getByLabelText('Category'), '1');
    select(within(dialog).getByLabelText('Secondary category'), '11');
    type(within(dialog).getByLabelText(/^Title/), 'Again');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start live' }));
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You are already live');
    expect(router.push).not.toHaveBeenCalled();
  });
});

const anchor: UserInfo = {
  id: 7, nick_name: 'Coach', avatar: '', level: 3, process: 0, remainder: 0, diamond: 0, gold: 0, mobile: '', formatPhone: '', sig: '',
  vip_level: 0, vip_expires_at: 0, role: 'anchor', is_anchor: 1, has_password: 1, nickname_change_at: 0,
};

function SignedIn({ children }: { children: ReactNode }) {
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const user = useUserStore((state) => state.userInfo);
  useEffect(() => setUserInfo(anchor), [setUserInfo]);
  return user ? children : null;
}

describe('header start-live action (spec §4)', () => {
  async function click(status: { is_anchor: number; is_live: number }) {
    serve({ '/api/user/checkAnchorStatus': () => status });
    renderWithShell(
      <SignedIn>
        <StartLiveButton className="go" ticketSwitch={1}>
          Start live
        </StartLiveButton>
      </SignedIn>,
    );
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Start live' }));
    });
  }

  it('sends a non-anchor to the application page', async () => {
    await click({ is_anchor: 0, is_live: 0 });
    expect(router.push).toHaveBeenCalledWith('/user-center/apply-anchor');
  });

  it('sends a live anchor to their own room', async () => {
    await click({ is_anchor: 1, is_live: 1 });
    expect(router.push).toHaveBeenCalledWith('/liveMatchesTwo/7');
  });

  it('opens the settings dialog for an anchor who is not live', async () => {
    await click({ is_anchor: 1, is_live: 0 });
    expect(await screen.findByRole('dialog', { name: 'Live settings' })).toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();
  });

  it('counts a stored session as signed in while the stored user is still loading', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('id', '7');
    try {
      serve({ '/api/user/checkAnchorStatus': () => ({ is_anchor: 1, is_live: 1 }) });
      renderWithShell(
        <StartLiveButton className="go" ticketSwitch={1}>
          Start live
        </StartLiveButton>,
      );
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: 'Start live' }));
      });
      expect(router.push).toHaveBeenCalledWith('/liveMatchesTwo/7');
    } finally {
      localStorage.clear();
    }
  });
});
