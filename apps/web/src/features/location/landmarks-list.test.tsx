import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCATION } from '../../content/site.ts';
import { LandmarksList } from './landmarks-list.tsx';

const SPEC_DISTANCES = [
  '1 KM',
  '3 KM',
  '5 MIN',
  '10 MIN',
  '10 MIN',
  '10 MIN',
  '15 MIN',
  '15 MIN',
  '20 MIN',
  '20 MIN',
  '35 MIN',
  '45 MIN',
  '45 MIN',
];

describe('Major Landmarks', () => {
  it('when the list shows, then it is folded behind its "Major Landmarks" summary', () => {
    const { container } = render(<LandmarksList />);
    const details = container.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    expect(screen.getByText(LOCATION.landmarksHeading)).toBeInTheDocument();
  });

  it('when the visitor opens it, then the thirteen landmarks show with the specified distances in order', async () => {
    const user = userEvent.setup();
    const { container } = render(<LandmarksList />);
    await user.click(screen.getByText(LOCATION.landmarksHeading));
    expect(container.querySelector('details')).toHaveAttribute('open');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(13);
    items.forEach((item, index) => {
      expect(item).toHaveTextContent(LOCATION.landmarks[index]!.name);
      expect(item).toHaveTextContent(new RegExp(`${SPEC_DISTANCES[index]}$`));
    });
  });

  it('when the visitor opens it, then the highway, ring road and airport are listed', async () => {
    const user = userEvent.setup();
    render(<LandmarksList />);
    await user.click(screen.getByText(LOCATION.landmarksHeading));
    expect(screen.getByText(/National Highway/)).toBeInTheDocument();
    expect(screen.getByText(/Regional Ring Road/)).toBeInTheDocument();
    expect(screen.getByText(/International Airport/)).toBeInTheDocument();
  });
});
