// The live room's video area tells the viewer where the stream stands (spec §4 live state): not started, back
// soon, ended; the player itself only while the stream is up.
import { screen } from '@testing-library/react';
import { PlayerSlot } from '@/components/live-room/player-slot';
import { renderWithShell } from '../shell/render-with-shell';

describe('PlayerSlot', () => {
  it.each([
    ['notStarted', 'The anchor has not started'],
    ['away', 'The anchor will be back soon'],
    ['ended', 'This live has ended'],
  ] as const)('shows the %s poster instead of the player', (phase, title) => {
    renderWithShell(
      <PlayerSlot phase={phase} anchorName="Coach Li">
        <video aria-label="player" />
      </PlayerSlot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(title);
    expect(screen.getByRole('status')).toHaveTextContent('Coach Li');
    expect(screen.queryByLabelText('player')).toBeNull();
  });

  it('shows the player while live, with the controls', () => {
    renderWithShell(
      <PlayerSlot phase="live" anchorName="Coach Li" controls={<button type="button">Full screen</button>}>
        <video aria-label="player" />
      </PlayerSlot>,
    );
    expect(screen.getByLabelText('player')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeVisible();
  });

  it('speaks Chinese on the Chinese site', () => {
    renderWithShell(<PlayerSlot phase="away" anchorName="老K说球" />, 'zh-CN');
    expect(screen.getByRole('status')).toHaveTextContent('主播暂时离开，马上回来');
  });
});
