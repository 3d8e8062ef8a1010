/** The overview's charts for a period: headline numbers, then chart sections, with loading and error states. */
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { beatMetrics, globalMetrics } from '../lib/metrics';
import { ChartSection } from './chart-section';
import { KpiStrip } from './kpi-strip';
import { QueryContent } from './query-content';
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
  return (
    <QueryContent query={overview} errorLead="The numbers could not be loaded" loadingLabel="Loading the numbers" loadingSize="lg" loadingClassName="admin-state">
      {(data) => (
        <>
          {showKpis && <KpiStrip overview={data} />}
          {sections.includes('global') && <ChartSection title="Global" metrics={globalMetrics} overview={data} expanded={expanded} />}
          {sections.includes('beats') && <ChartSection title="Beats" metrics={beatMetrics} overview={data} expanded={expanded} />}
        </>
      )}
    </QueryContent>
  );
}
