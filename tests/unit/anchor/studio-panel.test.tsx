// The anchor's studio in their own room (issue 18): only the room's anchor sees it and the poster that tells them to
// start the encoder; it follows the encoder (waiting, receiving with its figures, away with the time left), shows the
// masked push settings, and End live asks first, then leads to the live's summary. The HTTP client is faked at `post`.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AnchorStudio } from '@/components/anchor/anchor-studio';
import { StudioPanel } from '@/components/anchor/studio-panel';
import { PlayerSlot } from '@/components/live-room/player-slot';
import type { StreamPhase } from '@/components/live/stream-phase';
import { api, getQueryClient } from '@/lib/http';
import type { Locale } from '@/lib/i18n/locales';
import type { RoomInfo } from '@/lib/validation/live';
import type { EncoderStatus } from '@/lib/validation/anchor-studio';
import { router } from '../shell/navigation-mock';
import { renderWithShell } from '../shell/render-with-shell';
import { InRoom, roomAnchorId, roomInfo } from '../live/room-fixtures';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
const post = jest.spyOn(api, 'post');

const now = () => Math.floor(Date.now() / 1000);
const live = (state: 'waiting' | 'live' | 'away', changes: Partial<NonNullable<EncoderStatus['live']>> = {}): NonNullable<EncoderStatus['live']> => ({
  live_id: 7, title: 'Final', state, started_at: now() - 600, stream_started_at: state === 'waiting' ? 0 : now() - 125, ends_at: 0, viewers: 0, peak_viewers: 0, ...changes,
});

let status: EncoderStatus;
let room: RoomInfo;

beforeEach(() => {
  getQueryClient().clear();
  router.push.mockClear();
  room = roomInfo('waiting');
  status = { live: live('waiting'), encoder: null };
  post.mockReset();
  post.mockImplementation(async (path: string) => {
    const replies: Record<string, () => unknown> = {
      '/api/live/encoderStatus': () => status,
      '/api/live/getRoomInfo': () => room,
      '/webapi/live/getStreamInfo': () => ({
        push_url: 'rtmp://192.168.1.20:1935/live/s7abc?key=0123456789abcdef0123456789abcdef',
        web_rtc_push_url: '',
        stream: 's7abc',
        anchor_secret: '0123456789abcdef0123456789abcdef',
        push_server: 'rtmp://192.168.1.20:1935/live',
        push_key: 's7abc?key=0123456789abcdef0123456789abcdef',
      }),
      '/webapi/live/endLive': () => ({ live_id: 7 }),
    };
    const reply = replies[path];
    if (!reply) throw new Error(`unexpected call to ${path}`);
    return reply();
  });
});

/** `viewer`: who is signed in (the room's anchor unless said otherwise), 'visitor' for nobody. */
function renderRoom(ui: ReactElement, viewer: number | 'visitor' = roomAnchorId, locale: Locale = 'en-US') {
  return renderWithShell(
    <InRoom room={room} signedInAs={viewer === 'visitor' ? undefined : viewer}>
      {ui}
    </InRoom>,
    locale,
  );
}

const studio = () => screen.findByRole('region', { name: 'Your studio' });
const figure = (name: string) => screen.getByTestId(`studio-${name}`);

describe('who sees the studio', () => {
  it('shows the studio and the "start your encoder" poster to the room’s own anchor', async () => {
    renderRoom(
      <>
        <PlayerSlot phase={'notStarted' satisfies StreamPhase} anchorName="老K说球" />
        <AnchorStudio />
      </>,
    );
    expect(await studio()).toHaveTextContent('Only you see this');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Start your encoder');
    expect(screen.queryByText('The anchor has not started')).toBeNull();
  });

  it('shows neither to a viewer or a visitor', async () => {
    for (const viewer of [5, 'visitor'] as const) {
      const { unmount } = renderRoom(
        <>
          <PlayerSlot phase="notStarted" anchorName="老K说球" />
          <AnchorStudio />
        </>,
        viewer,
      );
      expect(await screen.findByText('The anchor has not started')).toBeVisible();
      expect(screen.queryByRole('region', { name: 'Your studio' })).toBeNull();
      unmount();
    }
    expect(post).not.toHaveBeenCalledWith('/api/live/encoderStatus');
  });

  it('tells the anchor to start a live when none is open, and speaks Chinese', async () => {
    room = roomInfo(null);
    status = { live: null, encoder: null };
    renderRoom(
      <>
        <PlayerSlot phase="notStarted" anchorName="老K说球" />
        <StudioPanel />
      </>,
      roomAnchorId,
      'zh-CN',
    );
    const panel = await screen.findByRole('region', { name: '我的直播控制台' });
    expect(await within(panel).findByText('您当前未开播')).toBeVisible();
    expect(within(panel).getByRole('link', { name: '直播管理' })).toHaveAttribute('href', '/user-center/live-management');
    expect(within(panel).queryByRole('button', { name: '结束直播' })).toBeNull();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('点击页面顶部的“开播”开始直播');
  });
});

describe('the encoder', () => {
  it('waits for the encoder with the masked push settings and no figures yet', async () => {
    renderRoom(<StudioPanel />);
    const panel = await studio();
    expect(await within(panel).findByText('Waiting for your encoder')).toBeVisible();
    const key = within(panel).getByRole('group', { name: 'Push key' });
    await waitFor(() => expect(key).toHaveTextContent('•'));
    expect(key).not.toHaveTextContent('0123456789abcdef0123456789abcdef');
    fireEvent.click(within(key).getByRole('button', { name: 'Show Push key' }));
    expect(key).toHaveTextContent('s7abc?key=0123456789abcdef0123456789abcdef');
    expect(within(panel).getByRole('group', { name: 'Push address' })).toBeVisible();
    expect(figure('bitrate')).toHaveTextContent('—');
    expect(figure('onAir')).toHaveTextContent('—');
  });

  it('shows bitrate, resolution, frame rate, viewers and time on air while receiving', async () => {
    room = roomInfo('live');
    status = { live: live('live', { viewers: 12 }), encoder: { bitrate_kbps: 2480, width: 1280, height: 720, fps: 29.97 } };
    renderRoom(<StudioPanel />);
    expect(await screen.findByText('Receiving your stream')).toBeVisible();
    expect(figure('bitrate')).toHaveTextContent('2,480 kbit/s');
    expect(figure('resolution')).toHaveTextContent('1280 × 720');
    expect(figure('frameRate')).toHaveTextContent('29.97 fps');
    expect(figure('viewers')).toHaveTextContent('12');
    expect(figure('onAir')).toHaveTextContent(/^2:0\d$/);
  });

  it('says "measuring" until the first report, and "not reported" for metadata the encoder left out', async () => {
    room = roomInfo('live');
    status = { live: live('live'), encoder: null };
    const { unmount } = renderRoom(<StudioPanel />);
    expect(await screen.findByText('Receiving your stream')).toBeVisible();
    expect(figure('bitrate')).toHaveTextContent('Measuring…');
    unmount();
    getQueryClient().clear();
    status = { live: live('live'), encoder: { bitrate_kbps: 900, width: 0, height: 0, fps: 0 } };
    renderRoom(<StudioPanel />);
    expect(await screen.findByText('900 kbit/s')).toBeVisible();
    expect(figure('resolution')).toHaveTextContent('Not reported');
  });

  it('counts down to the end of an away live', async () => {
    room = roomInfo('away');
    status = { live: live('away', { ends_at: now() + 95 }), encoder: null };
    renderRoom(<StudioPanel />);
    expect(await screen.findByText('Encoder disconnected')).toBeVisible();
    expect(screen.getByText(/Start streaming again within 1:3\d or the live ends by itself/)).toBeVisible();
  });
});

describe('End live', () => {
  it('asks first, then ends the live and opens its summary', async () => {
    room = roomInfo('live');
    status = { live: live('live'), encoder: null };
    renderRoom(<StudioPanel />);
    const panel = await studio();
    fireEvent.click(await within(panel).findByRole('button', { name: 'End live' }));
    expect(within(panel).getByText('End this live now? Viewers will see that it has ended.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Keep live' })).toHaveFocus();
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep live' }));
    expect(post).not.toHaveBeenCalledWith('/webapi/live/endLive');

    fireEvent.click(within(panel).getByRole('button', { name: 'End live' }));
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'End live now' }));
    });
    expect(post).toHaveBeenCalledWith('/webapi/live/endLive');
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/user-center/live-management?ended=7'));
  });
});
