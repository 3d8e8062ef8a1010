import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { TagUploadForm } from './tag-upload-form';

describe('Admin → tag upload', () => {
  it('says at once, under the file field, to choose a file first, and clears it when one is chosen', async () => {
    const calls = stubFetch();
    renderWithProviders(<TagUploadForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Upload tag' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Choose an MP3 or WAV file first.');
    expect(alert.className).toBe('field__error');
    const field = screen.getByLabelText<HTMLInputElement>(/Upload a new tag/);
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.sent()).toEqual([]);

    await user.upload(field, new File(['ID3'], 'tag.mp3', { type: 'audio/mpeg' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });
});
