import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadMore } from './load-more';

describe('Load more', () => {
  it('asks for the next page when pressed', async () => {
    const user = userEvent.setup();
    let asked = 0;
    render(<LoadMore className="dash-more" pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage: () => (asked += 1) }} />);
    const button = screen.getByRole('button', { name: 'Load more' });
    expect(button.parentElement?.className).toBe('dash-more');
    await user.click(button);
    expect(asked).toBe(1);
  });

  it('says Loading... and cannot be pressed while the page loads', () => {
    render(<LoadMore className="cat-more" pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage: () => {} }} />);
    const button = screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is gone once the last page is in', () => {
    const { container } = render(<LoadMore className="cat-more" pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => {} }} />);
    expect(container.innerHTML).toBe('');
  });
});
