/** The headline numbers over the chosen period. */
import type { AnalyticsOverview } from '@beat/shared';
import { formatCount, formatDuration, formatMoney, formatUsDate } from '../lib/format';

export function KpiStrip({ overview }: { overview: AnalyticsOverview }) {
  const t = overview.totals;
  const items = [
    { label: 'Revenue', value: formatMoney(t.revenue) },
    { label: 'Sales', value: formatCount(t.sales) },
    { label: 'New users', value: formatCount(t.newUsers) },
    { label: 'Plays', value: formatCount(t.plays) },
    { label: 'Average session', value: formatDuration(t.avgSessionSeconds) },
  ];
  return (
    <div className="kpi-strip">
      <p className="kpi-strip__period">
        {formatUsDate(overview.from)} – {formatUsDate(overview.to)} <span>(UTC days)</span>
      </p>
      <dl className="kpi-strip__list">
        {items.map((item) => (
          <div key={item.label} className="kpi-strip__item">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
