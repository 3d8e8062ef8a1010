/** Which days the charts cover: the last 7, 30 or 90 (UTC days, today included). */
import { useId } from 'react';

export const ranges = [7, 30, 90] as const;

export function RangePicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const name = useId();
  return (
    <fieldset className="range-picker">
      <legend className="visually-hidden">Period</legend>
      {ranges.map((n) => (
        <label key={n} className={n === days ? 'range-picker__option is-active' : 'range-picker__option'}>
          <input type="radio" name={name} value={n} checked={n === days} onChange={() => onChange(n)} className="visually-hidden" />
          Last {n} days
        </label>
      ))}
    </fieldset>
  );
}
