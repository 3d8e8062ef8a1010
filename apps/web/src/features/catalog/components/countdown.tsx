/** The exclusive offer's countdown: Days, Hours, Min, Sec, ticking every second; 00 everywhere once past (docs/product/offers-and-prices.md#countdown). */
import { useCountdown } from '../hooks/use-countdown';
import './countdown.css';

const two = (n: number) => n.toString().padStart(2, '0');

export function Countdown({ endIso, onEnd, className }: { endIso: string; onEnd?: () => void; className?: string }) {
  const left = useCountdown(endIso, onEnd);
  const units: [string, number][] = [
    ['Days', left.days],
    ['Hours', left.hours],
    ['Min', left.minutes],
    ['Sec', left.seconds],
  ];
  // One list, its label its name; each unit reads as its value and its word ("02 Days").
  return (
    <ol
      className={['countdown', 'countdown__units', left.done && 'countdown--done', className].filter(Boolean).join(' ')}
      aria-label={left.done ? 'Offer ended' : 'Offer ends in'}
    >
      {units.map(([label, value]) => (
        <li key={label} className="countdown__unit">
          {two(value)} <span className="countdown__word">{label}</span>
        </li>
      ))}
    </ol>
  );
}
