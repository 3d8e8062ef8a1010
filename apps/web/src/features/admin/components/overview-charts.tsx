/** The overview's charts for a period: headline numbers, then chart sections, with loading and error states. */
import { Spinner } from '../../../components/ui/spinner';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { beatMetrics, globalMetrics } from '../lib/metrics';
import { ChartSection } from './chart-section';
import { KpiStrip } from './kpi-strip';
import { LoadError } from './load-error';
import './admin-table.css';

export interface OverviewChartsProps {
  days: number;
  sections: ('global' | 'beats')[];
  /** Every card at once (Analytics), or three per section with See More (Dashboard). */
  expanded?: boolean;
  showKpis?: boolean;
}

export function OverviewCharts({ days, sections, expanded, showKpis = true }: OverviewChartsProps) {
  const overview = useAnalyticsOverview(days);
  if (overview.isError) {
    return <LoadError query={overview} lead="The numbers could not be loaded" />;
  }
  if (!overview.data) {
    return (
      <div className="admin-state">
        <Spinner size="lg" label="Loading the numbers" />
      </div>
    );
  }
  return (
    <>
      {showKpis && <KpiStrip overview={overview.data} />}
      {sections.includes('global') && <ChartSection title="Global" metrics={globalMetrics} overview={overview.data} expanded={expanded} />}
      {sections.includes('beats') && <ChartSection title="Beats" metrics={beatMetrics} overview={overview.data} expanded={expanded} />}
    </>
  );
}
