/** The dashboard's charts: which daily series each card draws, its colour, and how its total reads. */
import type { AnalyticsDailyPoint, AnalyticsOverview } from '@beat/shared';
import { formatCount, formatDuration, formatMoney, formatMoneyShort } from './format';

type Series = Exclude<keyof AnalyticsDailyPoint, 'date'>;

export interface ChartMetric {
  id: string;
  title: string;
  description: string;
  lines: { key: Series; label: string; color: string }[];
  total: (totals: AnalyticsOverview['totals']) => string;
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
}

const yellow = '#f5c518';
const violet = '#a78bfa';
const green = '#34d399';
const sky = '#38bdf8';
const pink = '#f472b6';

/** A card drawing one daily count, whose total is that count over the period. */
function countMetric(id: string, key: Series, title: string, description: string, color: string): ChartMetric {
  return { id, title, description, lines: [{ key, label: title, color }], total: (t) => formatCount(t[key]), format: formatCount };
}

export const globalMetrics: ChartMetric[] = [
  {
    id: 'revenue',
    title: 'Revenue',
    description: 'Paid purchases per day, refunds left out',
    lines: [{ key: 'revenue', label: 'Revenue', color: yellow }],
    total: (t) => formatMoney(t.revenue),
    format: formatMoney,
    axisFormat: formatMoneyShort,
  },
  {
    id: 'sales-by-type',
    title: 'Sales by type',
    description: 'Items sold per day, by type',
    lines: [
      { key: 'beatPurchase', label: 'Beats', color: yellow },
      { key: 'stems', label: 'Stems', color: violet },
      { key: 'exclusive', label: 'Exclusive', color: pink },
      { key: 'vipPlan', label: 'VIP plan', color: green },
    ],
    total: (t) => `${formatCount(t.sales)} sales`,
    format: formatCount,
  },
  countMetric('new-users', 'newUsers', 'New users', 'Accounts created per day', sky),
  {
    id: 'session-time',
    title: 'Average session time',
    description: 'Average length of the sessions ended each day',
    lines: [{ key: 'avgSessionSeconds', label: 'Average session', color: violet }],
    total: (t) => formatDuration(t.avgSessionSeconds),
    format: formatDuration,
    axisFormat: formatDuration,
  },
  countMetric('credits', 'creditsSpent', 'Credits spent', 'Credits used per day to unlock beats', green),
];

export const beatMetrics: ChartMetric[] = [
  countMetric('plays', 'plays', 'Plays', 'Previews heard for 10 seconds or more', yellow),
  countMetric('downloads', 'downloads', 'Downloads', 'MP3, WAV and stems files per day', sky),
  countMetric('beats-sold', 'beatsSold', 'Beats sold', 'Leases, stems and exclusives per day', pink),
  countMetric('favourites', 'favourites', 'Favourites', 'Beats added to favourites per day', violet),
];
