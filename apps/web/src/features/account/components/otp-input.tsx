/**
 * Five single-character boxes for the e-mailed code (/otpverification, docs/product/screens-and-words.md#screens): typing moves to the next box,
 * Backspace on an empty box steps back and clears it, arrows move, and a pasted code fills the boxes.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { otpLength } from '@beat/shared';

export interface OtpInputProps {
  /** One entry per box ('' when empty). */
  value: string[];
  onChange: (value: string[]) => void;
  /** id of the element that names the group (its heading or label). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Called when the last box is filled by typing or pasting. */
  onComplete?: (code: string) => void;
}

/** Letters and digits only, in capitals: the code's alphabet is upper case. */
const clean = (text: string) => text.replace(/[^a-z0-9]/gi, '').toUpperCase();

export function OtpInput({ value, onChange, labelledBy, describedBy, invalid, disabled, onComplete }: OtpInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(otpLength - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `chars` from box `start` on, then focuses the box after the last one written. */
  function fill(start: number, chars: string) {
    const next = [...value];
    let index = start;
    for (const char of chars.slice(0, otpLength - start)) next[index++] = char;
    onChange(next);
    focusBox(index);
    if (next.every((c) => c !== '')) onComplete?.(next.join(''));
  }

  function onInput(index: number, raw: string) {
    const chars = clean(raw);
    if (chars === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // A box that had a character and got one more (typed without selecting): keep the new one.
    const typed = value[index] && chars.length === 2 && chars.startsWith(value[index]!) ? chars.slice(1) : chars;
    fill(index, typed);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < otpLength - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const chars = clean(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!chars) return;
    // A whole code fills every box, wherever it was pasted.
    fill(chars.length >= otpLength ? 0 : index, chars);
  }

  return (
    <div className="otp-input" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {Array.from({ length: otpLength }, (_, index) => (
        <input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className="otp-input__box"
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Character ${index + 1} of ${otpLength}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={value[index] ?? ''}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
