import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '../../../lib/money';
import { axisLabel, valueTicks, type AxisKind } from './value-axis';

// The analytics page's charts (recharts, in the page's own chunk: nothing else imports it). Each
// chart is drawn beside a table with the same numbers, so it is hidden from screen readers.

export type ChartSeries = { key: string; name: string; color: string };
export type ChartDatum = { label: string } & Record<string, number | string>;

/** The series colors: dark enough on white for a bar's edge (3:1), and told apart by the legend too. */
export const CHART_COLORS = { blue: '#1d4ed8', amber: '#b45309', green: '#15803d', slate: '#475569' } as const;

type BarChartProps = {
  data: readonly ChartDatum[];
  series: readonly ChartSeries[];
  /** What the values are: the axis labels money in whole dollars, the tooltip to the cent. */
  kind?: AxisKind;
  /** Categories down the side (long names: carriers, statuses) instead of along the bottom (weeks, months). */
  sideways?: boolean;
};

/** Ticks on the value axis: fewer along a phone-wide bottom axis (sideways charts), where labels sit side by side. */
const MAX_TICKS = { sideways: 4, upright: 6 } as const;

const TOOLTIP_FORMAT: Record<AxisKind, (value: number) => string> = {
  money: formatCents,
  percent: (value) => `${value}%`,
  count: String,
};

export function FigureBarChart({ data, series, kind = 'count', sideways = false }: BarChartProps) {
  const tick = { fontSize: 12, fill: '#334155' };
  const formatValue = (value: unknown) => (typeof value === 'number' ? TOOLTIP_FORMAT[kind](value) : String(value));
  const largest = Math.max(0, ...data.flatMap((datum) => series.map((s) => datum[s.key]).filter((v): v is number => typeof v === 'number')));
  // Every tick drawn and labeled (interval 0), from 0 to the last tick.
  const ticks = valueTicks(largest, kind, sideways ? MAX_TICKS.sideways : MAX_TICKS.upright);
  const valueAxis = {
    type: 'number' as const,
    tick,
    ticks,
    domain: [0, ticks.at(-1) ?? 0],
    interval: 0 as const,
    tickFormatter: (value: number) => axisLabel(kind, value),
  };
  return (
    // Drawn at a phone's width until the container is measured (and where it never is).
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 224 }}>
      {/* No keyboard layer: the chart is hidden from assistive technology, so nothing in it may take the focus. */}
      <BarChart
        accessibilityLayer={false}
        data={[...data]}
        layout={sideways ? 'vertical' : 'horizontal'}
        margin={{ top: 4, right: sideways ? 28 : 8, bottom: 4, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        {sideways ? (
          <>
            <XAxis {...valueAxis} />
            <YAxis type="category" dataKey="label" tick={tick} width={96} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} />
            <YAxis {...valueAxis} width={64} />
          </>
        )}
        <Tooltip formatter={formatValue} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
