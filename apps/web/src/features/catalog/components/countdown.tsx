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
  // One list, its label its name, each unit's value its item's text and its word drawn by the stylesheet (countdown.css):
  // five elements a card, which keeps the catalog's page under its element budget with its carousel of exclusives
  // (docs/decisions/0019-first-screen.md).
  return (
    <ol
      className={['countdown', 'countdown__units', left.done && 'countdown--done', className].filter(Boolean).join(' ')}
      aria-label={left.done ? 'Offer ended' : 'Offer ends in'}
    >
      {units.map(([label, value]) => (
        <li key={label} className="countdown__unit" data-label={label}>
          {two(value)}
        </li>
      ))}
    </ol>
  );
}
