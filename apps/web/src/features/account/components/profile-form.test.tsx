import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@beat/shared';
import { describedText } from '../../../test/field-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProfileForm } from './profile-form';

const user = { _id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', username: 'ada', profileImage: null } as User;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn());
});

const renderForm = () => renderWithProviders(<ProfileForm user={user} />, { route: '/account-setting' });

describe('the profile form', () => {
  it("asks for the name and the username when they are emptied: 'name is required', 'Username is required'", async () => {
    const person = userEvent.setup();
    renderForm();
    await person.clear(screen.getByLabelText('Name'));
    await person.clear(screen.getByLabelText('Username'));
    await person.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('name is required')).toBeTruthy();
    expect(describedText(screen.getByLabelText('Name'))).toBe('name is required');
    expect(describedText(screen.getByLabelText('Username'))).toContain('Username is required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a picture that is not a PNG or a JPEG', async () => {
    const person = userEvent.setup({ applyAccept: false });
    renderForm();
    await person.upload(screen.getByLabelText('Upload picture'), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please upload a valid image file (PNG, JPEG, JPG).');
  });

  it("wants a file once the picture is being replaced: 'Profile Picture is required'", async () => {
    const person = userEvent.setup();
    renderForm();
    await person.click(screen.getByLabelText('Upload picture'));
    await person.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Profile Picture is required');
    expect(fetch).not.toHaveBeenCalled();
  });
});
