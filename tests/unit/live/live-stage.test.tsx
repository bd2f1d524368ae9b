// The live room's video area (issue 22): the live's cover fills the player, sized for the screen and fetched first,
// until the video's first frame; a hidden page with a silent video stops its engine and starts it again when shown,
// while a video with sound plays on. The engine itself is stubbed: each <video> it mounts is counted.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LiveStage } from '@/components/live-room/live-stage';
import type { RoomInfo } from '@/lib/validation/live';
import { renderWithShell } from '../shell/render-with-shell';
import { InRoom, quality, roomInfo } from './room-fixtures';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

let room: RoomInfo;
jest.mock('@/components/live/live-api', () => ({
  ...jest.requireActual('@/components/live/live-api'),
  roomInfoQuery: (anchorId: number, viewerId: number | null) => ({ queryKey: ['live', 'room', anchorId, viewerId], queryFn: async () => room, staleTime: Infinity }),
}));

// A browser that plays FLV (jsdom has no Media Source Extensions).
jest.mock('@/components/live/playback', () => ({
  ...jest.requireActual('@/components/live/playback'),
  probeCapabilities: () => ({ mseLive: true, hlsJs: true, nativeHls: false }),
}));

// The chat's overlays and the gift button sit above the player; they have tests of their own.
jest.mock('@/components/live-room/gift-overlay', () => ({ GiftOverlay: () => null }));
jest.mock('@/components/live-room/gift-button', () => ({ GiftButton: () => null }));

/** Each engine start: the address it plays; `mockFrame` shows the first frame of the latest one. */
const mockStarts: string[] = [];
let mockFrame: () => void = () => undefined;
jest.mock('@/components/live/live-video', () => {
  const { useEffect, useState } = jest.requireActual<typeof import('react')>('react');
  return {
    // As the real one, the source is read once per mount.
    LiveVideo: ({ source, label, onFrame }: { source: { url: string }; label: string; onFrame: () => void }) => {
      const [url] = useState(source.url);
      mockFrame = onFrame;
      useEffect(() => {
        mockStarts.push(url);
      }, [url]);
      return <video aria-label={label} />;
    },
  };
});

const cover = '/covers/match/7.svg';
const srcSet = '/covers/match/7-480.webp 480w, /covers/match/7-828.webp 828w, /covers/match/7-1280.webp 1280w, /covers/match/7-1920.webp 1920w';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderStage() {
  room = { ...roomInfo('live', [quality('720p', 'src', 0)]), cover, cover_srcset: srcSet, title: 'Ecuador v Senegal' };
  return renderWithShell(
    <InRoom room={room}>
      <LiveStage anchorName="Coach Li" />
    </InRoom>,
  );
}

beforeEach(() => {
  mockStarts.length = 0;
});

afterEach(() => setVisibility('visible'));

describe('LiveStage', () => {
  it('fills the player with the live’s cover, sized for the screen and fetched first, until the first frame', async () => {
    const { container } = renderStage();
    const poster = container.querySelector('img');
    expect(poster).toHaveAttribute('src', cover);
    expect(poster).toHaveAttribute('srcset', srcSet);
    expect(poster).toHaveAttribute('sizes', '(max-width: 960px) 100vw, 852px');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Ecuador v Senegal')).toBeVisible();
    expect(screen.getByText('Connecting to the live stream…')).toBeVisible();
    await waitFor(() => expect(mockStarts).toHaveLength(1));
    act(() => mockFrame());
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByLabelText('Live video of Coach Li')).toBeInTheDocument();
  });

  it('stops a silent video’s engine while the page is hidden and starts it again when shown', async () => {
    renderStage();
    await waitFor(() => expect(mockStarts).toHaveLength(1));
    act(() => mockFrame());
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    act(() => setVisibility('hidden'));
    expect(screen.queryByLabelText('Live video of Coach Li')).toBeNull();
    // The cover is back under the video's place for when the viewer returns.
    expect(screen.getByText('Ecuador v Senegal')).toBeInTheDocument();
    act(() => setVisibility('visible'));
    expect(screen.getByLabelText('Live video of Coach Li')).toBeInTheDocument();
    await waitFor(() => expect(mockStarts).toHaveLength(2));
    expect(mockStarts[1]).toBe(mockStarts[0]);
  });

  it('keeps playing a video with sound on a hidden page', async () => {
    renderStage();
    await waitFor(() => expect(mockStarts).toHaveLength(1));
    act(() => mockFrame());
    act(() => setVisibility('hidden'));
    expect(screen.getByLabelText('Live video of Coach Li')).toBeInTheDocument();
    act(() => setVisibility('visible'));
    expect(mockStarts).toHaveLength(1);
  });
});
