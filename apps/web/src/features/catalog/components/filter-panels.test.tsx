import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BpmRange } from './filter-panels';

describe('BpmRange', () => {
  it('labels both thumbs and says what each one means at its end', () => {
    render(<BpmRange value={{}} onChange={() => {}} />);
    expect(screen.getByLabelText('Minimum BPM').getAttribute('aria-valuetext')).toBe('60 BPM, no minimum');
    expect(screen.getByLabelText('Maximum BPM').getAttribute('aria-valuetext')).toBe('200+ BPM, no maximum');
  });

  it('sends a thumb once it is let go, and keeps the minimum under the maximum', () => {
    const onChange = vi.fn();
    render(<BpmRange value={{ bpmMax: 120 }} onChange={onChange} settleMs={60_000} />);
    const min = screen.getByLabelText<HTMLInputElement>('Minimum BPM');
    fireEvent.change(min, { target: { value: '150' } });
    expect(min.value).toBe('120');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(min);
    expect(onChange).toHaveBeenCalledWith({ bpmMin: 120, bpmMax: 120 });

    const max = screen.getByLabelText('Maximum BPM');
    fireEvent.change(max, { target: { value: '200' } });
    fireEvent.blur(max);
    expect(onChange).toHaveBeenLastCalledWith({ bpmMin: 120, bpmMax: undefined });
  });
});
