import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says what could not be loaded and why, and Try again asks again', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    render(<LoadFailed title="Your cart could not be loaded." query={{ error: new ApiError('The store is busy', 503), refetch }} />);

    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Your cart could not be loaded.', 'The store is busy']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
