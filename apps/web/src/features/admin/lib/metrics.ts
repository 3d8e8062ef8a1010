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
  {
    id: 'new-users',
    title: 'New users',
    description: 'Accounts created per day',
    lines: [{ key: 'newUsers', label: 'New users', color: sky }],
    total: (t) => formatCount(t.newUsers),
    format: formatCount,
  },
  {
    id: 'session-time',
    title: 'Average session time',
    description: 'Average length of the sessions ended each day',
    lines: [{ key: 'avgSessionSeconds', label: 'Average session', color: violet }],
    total: (t) => formatDuration(t.avgSessionSeconds),
    format: formatDuration,
    axisFormat: formatDuration,
  },
  {
    id: 'credits',
    title: 'Credits spent',
    description: 'Credits used per day to unlock beats',
    lines: [{ key: 'creditsSpent', label: 'Credits spent', color: green }],
    total: (t) => formatCount(t.creditsSpent),
    format: formatCount,
  },
];

export const beatMetrics: ChartMetric[] = [
  {
    id: 'plays',
    title: 'Plays',
    description: 'Previews heard for 10 seconds or more',
    lines: [{ key: 'plays', label: 'Plays', color: yellow }],
    total: (t) => formatCount(t.plays),
    format: formatCount,
  },
  {
    id: 'downloads',
    title: 'Downloads',
    description: 'MP3, WAV and stems files per day',
    lines: [{ key: 'downloads', label: 'Downloads', color: sky }],
    total: (t) => formatCount(t.downloads),
    format: formatCount,
  },
  {
    id: 'beats-sold',
    title: 'Beats sold',
    description: 'Leases, stems and exclusives per day',
    lines: [{ key: 'beatsSold', label: 'Beats sold', color: pink }],
    total: (t) => formatCount(t.beatsSold),
    format: formatCount,
  },
  {
    id: 'favourites',
    title: 'Favourites',
    description: 'Beats added to favourites per day',
    lines: [{ key: 'favourites', label: 'Favourites', color: violet }],
    total: (t) => formatCount(t.favourites),
    format: formatCount,
  },
];
