import { beforeEach, describe, expect, it } from 'vitest';
import { avatarInitials, inkFor, profileColor } from './profile-color';

describe('the avatar', () => {
  beforeEach(() => localStorage.clear());

  it('shows the first two letters of the full name in capitals, else "US"', () => {
    expect(avatarInitials('ada lovelace')).toBe('AD');
    expect(avatarInitials('J B')).toBe('JB');
    expect(avatarInitials('')).toBe('US');
    expect(avatarInitials(null)).toBe('US');
  });

  it('keeps one random colour per browser', () => {
    const first = profileColor();
    expect(first).toMatch(/^#[0-9a-f]{6}$/);
    expect(profileColor()).toBe(first);
    localStorage.clear();
    localStorage.setItem('profileColor', '#123456');
    expect(profileColor()).toBe('#123456');
  });

  it('writes in black or white, whichever reads better', () => {
    expect(inkFor('#ffffff')).toBe('#000000');
    expect(inkFor('#ffeb3b')).toBe('#000000');
    expect(inkFor('#000000')).toBe('#ffffff');
    expect(inkFor('#1a237e')).toBe('#ffffff');
  });
});
