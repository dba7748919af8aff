/**
 * A horizontal bar chart in plain SVG: one row per label, the bar's length proportional to its value,
 * the value written at its end. It replaced Chart.js (70 KB of gzip JavaScript on the statistics
 * page for two small charts): no canvas, no styles injected, nothing evaluated, and it stays crisp
 * and readable at 390 px.
 */
interface BarChartProps {
  labels: string[];
  values: number[];
  /** How a value reads at the end of its bar ("94 %", "125 000 F CFA"). */
  format: (value: number) => string;
  /** What the chart says, for screen readers (the figures are also listed next to it). */
  label: string;
  max?: number;
}

const ROW = 32;
const BAR = 18;
const LABEL_WIDTH = 38; // % of the width kept for the labels
const VALUE_ROOM = 26; // % of the width kept after the longest bar for its value

export function BarChart({ labels, values, format, label, max }: BarChartProps) {
  const top = Math.max(max ?? 0, ...values, 1);
  const height = labels.length * ROW;
  const barSpan = 100 - LABEL_WIDTH - VALUE_ROOM;

  return (
    <svg role="img" aria-label={label} width="100%" height={height} className="block overflow-visible text-xs">
      {labels.map((name, index) => {
        const value = values[index] ?? 0;
        const y = index * ROW;
        const length = Math.max(0, (value / top) * barSpan);
        return (
          <g key={`${name}-${index}`}>
            <text x={`${LABEL_WIDTH - 2}%`} y={y + ROW / 2} dominantBaseline="middle" textAnchor="end" className="fill-slate-600">
              {name}
            </text>
            <rect x={`${LABEL_WIDTH}%`} y={y + (ROW - BAR) / 2} width={`${length}%`} height={BAR} rx={4} className="fill-emerald-600" />
            <text x={`${LABEL_WIDTH + length + 1}%`} y={y + ROW / 2} dominantBaseline="middle" className="fill-slate-900 font-medium">
              {format(value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
