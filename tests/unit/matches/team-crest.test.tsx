// A team's badge: a national team's flag image, sized so that nothing moves when it arrives and loaded only when
// near the screen; a club (or an undecided place) keeps the crest drawn from its colours and code.
import { render } from '@testing-library/react';
import { TeamCrest } from '@/components/teams/team-crest';

describe('TeamCrest', () => {
  it('shows a national team’s flag, decorative, sized and lazy', () => {
    const { container } = render(<TeamCrest team={{ code: 'NED', primaryColor: '#f36c21', secondaryColor: '#ffffff', flag: '/flags/nl.svg' }} size="sm" />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/flags/nl.svg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('width', '26');
    expect(image).toHaveAttribute('height', '26');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(container).not.toHaveTextContent('NED');
  });

  it('draws a club’s crest from its colours and code', () => {
    const { container } = render(<TeamCrest team={{ code: 'ARS', primaryColor: '#ef0107', secondaryColor: '#ffffff', flag: null }} size="lg" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('ARS');
  });
});
