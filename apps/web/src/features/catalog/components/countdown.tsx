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
  return (
    <div className={['countdown', left.done && 'countdown--done', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{left.done ? 'Offer ended' : 'Offer ends in'}</span>
      <ol className="countdown__units">
        {units.map(([label, value]) => (
          <li key={label} className="countdown__unit">
            <span className="countdown__value">{two(value)}</span>
            <span className="countdown__label">{label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
