/**
 * A horizontal bar chart drawn by Chart.js on a canvas. Only the statistics page imports this file,
 * so Chart.js is in that page's chunk alone. Chart.js sets sizes through the CSSOM (allowed by the
 * CSP's style-src 'self'), injects no <style> element and never evaluates strings.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  labels: string[];
  values: number[];
  /** How a value reads in the tooltip and on the axis ("94 %", "125 000 F CFA"). */
  format: (value: number) => string;
  /** What the chart says, for screen readers (the figures are also listed next to it). */
  label: string;
  max?: number;
}

export function BarChart({ labels, values, format, label, max }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: { labels, datasets: [{ data: values, backgroundColor: "#059669", borderRadius: 4, maxBarThickness: 28 }] },
      options: {
        indexAxis: "y",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } },
        },
        scales: {
          x: { beginAtZero: true, max, ticks: { callback: (value) => format(Number(value)), maxTicksLimit: 5 } },
          y: { ticks: { autoSkip: false } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, format, max]);

  return (
    <div className="relative h-56 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
