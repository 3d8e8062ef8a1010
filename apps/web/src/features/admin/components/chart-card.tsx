/** One dashboard card: a metric's total over the range and its daily line chart (recharts, in the admin chunk only). */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsOverview } from '@beat/shared';
import type { ChartMetric } from '../lib/metrics';
import { formatShortDay, formatUsDate } from '../lib/format';

export interface ChartCardProps {
  metric: ChartMetric;
  overview: AnalyticsOverview;
}

export function ChartCard({ metric, overview }: ChartCardProps) {
  const total = metric.total(overview.totals);
  const summary = `${metric.title} per day from ${formatUsDate(overview.from)} to ${formatUsDate(overview.to)}: ${total} in all.`;
  return (
    <article className="chart-card">
      <header className="chart-card__head">
        <h3 className="chart-card__title">{metric.title}</h3>
        <p className="chart-card__total">{total}</p>
        <p className="chart-card__desc">{metric.description}</p>
      </header>
      <div className="chart-card__plot" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height={170} initialDimension={{ width: 320, height: 170 }}>
          <LineChart data={overview.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#2c2c3d" strokeDasharray="3 4" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={formatShortDay}
              stroke="#8b8ba0"
              tick={{ fontSize: 11 }}
              tickLine={false}
              axisLine={false}
              minTickGap={24}
            />
            <YAxis
              stroke="#8b8ba0"
              tick={{ fontSize: 11 }}
              tickLine={false}
              axisLine={false}
              width={metric.axisFormat ? 56 : 32}
              allowDecimals={false}
              tickFormatter={metric.axisFormat ?? ((v: number) => String(v))}
            />
            <Tooltip
              labelFormatter={(day) => formatUsDate(String(day))}
              formatter={(value, name) => [metric.format(Number(value)), name]}
              contentStyle={{ background: '#14141c', border: '1px solid #2c2c3d', borderRadius: 10, color: '#f4f4f7' }}
              labelStyle={{ color: '#a3a3b5', marginBottom: 4 }}
              cursor={{ stroke: '#3d3d54' }}
            />
            {metric.lines.length > 1 && <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12, color: '#a3a3b5' }} />}
            {metric.lines.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.label}
                stroke={line.color}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </article>
  );
}
