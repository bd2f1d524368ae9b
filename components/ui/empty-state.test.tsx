// The empty state: named by its title, with a link under it or the prompt's own button.
import { fireEvent, render, screen } from '@testing-library/react';
import { EmptyState } from './empty-state';

const Icon = () => <svg data-testid="icon" />;

describe('EmptyState', () => {
  it('is a region named by its title, with the hint and a link to where things are', () => {
    render(<EmptyState icon={Icon} title="No replays yet" description="Replays appear here." action={{ href: '/liveMatches', label: 'Watch live' }} />);
    expect(screen.getByRole('region', { name: 'No replays yet' })).toHaveTextContent('Replays appear here.');
    expect(screen.getByRole('link', { name: 'Watch live' })).toHaveAttribute('href', '/liveMatches');
  });

  it('shows a prompt’s own button', () => {
    const onClick = jest.fn();
    render(
      <EmptyState
        variant="prompt"
        icon={Icon}
        title="Log in to see your profile"
        description="Your settings appear here."
        titleId="profile-title"
        action={
          <button type="button" onClick={onClick}>
            Log in
          </button>
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Log in to see your profile' })).toHaveAttribute('id', 'profile-title');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
