import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { OtpForm } from './otp-form';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => jsonResponse(path === '/verifyotp' ? { resetToken: 'reset-token' } : { message: 'sent' })),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

const box = (n: number) => screen.getByRole('textbox', { name: `Character ${n} of 5` });
const calls = () => vi.mocked(fetch).mock.calls.map(([path, init]) => [path, JSON.parse(String(init?.body))]);

describe('the code form', () => {
  it("answers an incomplete code with 'Fill in the code', and sends nothing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OtpForm email="ada@example.com" onVerified={() => {}} />, { route: '/otpverification' });
    await user.click(box(1));
    await user.keyboard('ab3');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Fill in the code')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('verifies a whole code', async () => {
    const onVerified = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OtpForm email="ada@example.com" onVerified={onVerified} />, { route: '/otpverification' });
    await user.click(box(1));
    await user.keyboard('ab3xy');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP Verified successfully')).toBeTruthy();
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(calls()).toContainEqual(['/verifyotp', { email: 'ada@example.com', otp: 'AB3XY' }]);
  });

  it('lets the code be sent again only after 60 seconds, counting down, and counts again after a resend', async () => {
    vi.useFakeTimers();
    renderWithProviders(<OtpForm email="ada@example.com" onVerified={() => {}} />, { route: '/otpverification' });
    const resend = () => screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement;
    expect(screen.getByText('Resend OTP in 60s')).toBeTruthy();
    expect(resend().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('Resend OTP in 1s')).toBeTruthy();
    expect(resend().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('You can now resend the OTP.')).toBeTruthy();
    expect(resend().disabled).toBe(false);

    fireEvent.click(resend());
    // The response comes back and the form takes it in.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('OTP resent successfully')).toBeTruthy();
    expect(calls()).toEqual([['/sendotp', { email: 'ada@example.com' }]]);
    expect(screen.getByText('Resend OTP in 60s')).toBeTruthy();
    expect(resend().disabled).toBe(true);
  });

  it('keeps the resend open after the server refuses it, and counts down again once a later one is sent', async () => {
    let sends = 0;
    vi.mocked(fetch).mockImplementation(async (path) => {
      if (path !== '/sendotp') return jsonResponse({ resetToken: 'reset-token' });
      sends += 1;
      return sends === 1 ? jsonResponse({ message: 'Too many code requests. Please try again in 12 seconds.' }, 429) : jsonResponse({ message: 'sent' });
    });
    vi.useFakeTimers();
    renderWithProviders(<OtpForm email="ada@example.com" onVerified={() => {}} />, { route: '/otpverification' });
    const resend = () => screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement;
    act(() => vi.advanceTimersByTime(60_000));
    expect(resend().disabled).toBe(false);

    fireEvent.click(resend());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Too many code requests. Please try again in 12 seconds.')).toBeTruthy();
    expect(screen.getByText('You can now resend the OTP.')).toBeTruthy();
    expect(resend().disabled).toBe(false);

    // The server's minute is over.
    act(() => vi.advanceTimersByTime(12_000));
    fireEvent.click(resend());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('OTP resent successfully')).toBeTruthy();
    expect(calls()).toEqual([
      ['/sendotp', { email: 'ada@example.com' }],
      ['/sendotp', { email: 'ada@example.com' }],
    ]);
    expect(screen.getByText('Resend OTP in 60s')).toBeTruthy();
    expect(resend().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Resend OTP in 59s')).toBeTruthy();
  });
});
