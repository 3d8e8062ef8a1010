import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

function Boxes({ onComplete }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState(['', '', '', '', '']);
  return (
    <>
      <h2 id="code">Code</h2>
      <OtpInput value={value} onChange={setValue} labelledBy="code" onComplete={onComplete} />
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Character ${n} of 5` });

describe('the code boxes', () => {
  it('moves to the next box as each character is typed, in capitals, and reports the whole code', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Boxes onComplete={onComplete} />);
    await user.click(box(1));
    await user.keyboard('ab3xy');
    expect([1, 2, 3, 4, 5].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['A', 'B', '3', 'X', 'Y']);
    expect(onComplete).toHaveBeenCalledWith('AB3XY');
  });

  it('steps back and clears the previous box on Backspace in an empty one', async () => {
    const user = userEvent.setup();
    render(<Boxes />);
    await user.click(box(1));
    await user.keyboard('ab');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect((box(2) as HTMLInputElement).value).toBe('');
  });

  it('fills every box from a pasted code, wherever it is pasted', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Boxes onComplete={onComplete} />);
    await user.click(box(3));
    await user.paste('q7-w8e');
    expect(onComplete).toHaveBeenCalledWith('Q7W8E');
    expect((box(1) as HTMLInputElement).value).toBe('Q');
  });
});
