import { screen } from '@testing-library/react';
import { LevelBadge } from '@/components/user/level-badge';
import { badgeLevel, levelBand } from '@/components/user/level-bands';
import { renderWithShell } from '../shell/render-with-shell';

describe('level badge bands', () => {
  it.each([
    [0, 0], [1, 0],
    [2, 1], [7, 1],
    [8, 2], [15, 2],
    [16, 3], [20, 3],
    [21, 4],
  ])('level %i is in colour band %i', (level, band) => {
    expect(levelBand(level)).toBe(band);
  });

  it('has a badge for each of the 22 levels 0 to 21', () => {
    expect(Array.from({ length: 22 }, (_, level) => badgeLevel(level))).toEqual(Array.from({ length: 22 }, (_, level) => level));
  });

  it.each([22, -1, 3.5, Number.NaN, 100])('shows any other level (%p) as level 0', (level) => {
    expect(badgeLevel(level)).toBe(0);
    expect(levelBand(level)).toBe(0);
  });

  it('renders the level number in its band colour', () => {
    renderWithShell(
      <>
        <LevelBadge level={18} />
        <LevelBadge level={42} />
      </>,
    );
    const high = screen.getByRole('img', { name: 'Level 18' });
    expect(high).toHaveTextContent('18');
    expect(high).toHaveAttribute('data-band', '3');
    expect(screen.getByRole('img', { name: 'Level 0' })).toHaveAttribute('data-band', '0');
  });
});
