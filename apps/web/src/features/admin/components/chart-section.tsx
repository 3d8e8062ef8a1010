/** A section of chart cards (Global and Beats, docs/product/screens-and-words.md#admin-screens): three cards unless 'See More' is pressed; 'See Less' folds them back. */
import { useId, useState } from 'react';
import type { AnalyticsOverview } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import type { ChartMetric } from '../lib/metrics';
import { ChartCard } from './chart-card';
import './charts.css';

const FOLDED = 3;

export interface ChartSectionProps {
  title: string;
  metrics: ChartMetric[];
  overview: AnalyticsOverview;
  /** Show every card, without the See More toggle (the Analytics tabs). */
  expanded?: boolean;
}

export function ChartSection({ title, metrics, overview, expanded = false }: ChartSectionProps) {
  const headingId = useId();
  const gridId = useId();
  const [open, setOpen] = useState(false);
  const showAll = expanded || open;
  const shown = showAll ? metrics : metrics.slice(0, FOLDED);
  return (
    <section className="chart-section" aria-labelledby={headingId}>
      <div className="chart-section__head">
        <h2 id={headingId} className="chart-section__title">
          {title}
        </h2>
        {!expanded && metrics.length > FOLDED && (
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={gridId} onClick={() => setOpen((o) => !o)}>
            {open ? 'See Less' : 'See More'}
          </Button>
        )}
      </div>
      <div id={gridId} className="chart-section__grid">
        {shown.map((metric) => (
          <ChartCard key={metric.id} metric={metric} overview={overview} />
        ))}
      </div>
    </section>
  );
}
