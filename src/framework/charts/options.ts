// Chart options built from business figures: pure, so what a chart shows is tested without drawing it.
// Amounts arrive as exact decimal text; the bars are drawn from their number, the labels show the text.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | AriaComponentOption
>;

export interface ChartSeries {
  name: string;
  /** One value per category, decimal text (blank when there is none). */
  values: readonly (string | null)[];
  /** How a value reads (money with its separators, tonnes to the tenant's digits). */
  text?: (value: string) => string;
}

const numberOf = (value: string | null) => (value === null || value === '' ? null : Number(value));

/** Pixel height that gives each category of a horizontal bar chart room for its label. */
export const barChartHeight = (categories: number, series = 1) =>
  Math.max(200, 60 + categories * Math.max(28, 18 * series));

/**
 * Bars, one per category and series, each labelled with its exact value: horizontal rows for named
 * categories (a warehouse's name, a state's word), vertical columns for periods (months in order).
 */
export function barChartOption(
  categories: readonly string[],
  series: readonly ChartSeries[],
  orientation: 'rows' | 'columns' = 'rows',
): ChartOption {
  const rows = orientation === 'rows';
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: series.length > 1 ? { top: 0 } : { show: false },
    grid: { left: 8, right: rows ? 72 : 8, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    // Rows read top to bottom in the order given (a vertical category axis starts at the bottom).
    ...(rows
      ? {
          xAxis: { type: 'value' as const },
          yAxis: {
            type: 'category' as const,
            data: [...categories].reverse(),
            axisLabel: { width: 200, overflow: 'truncate' as const },
          },
        }
      : {
          // Every period named (twelve months fit), not every other one.
          xAxis: { type: 'category' as const, data: [...categories], axisLabel: { interval: 0 } },
          yAxis: { type: 'value' as const },
        }),
    series: series.map((s) => {
      const values = rows ? [...s.values].reverse() : [...s.values];
      return {
        type: 'bar' as const,
        name: s.name,
        data: values.map(numberOf),
        label: {
          show: true,
          position: rows ? ('right' as const) : ('top' as const),
          formatter: ({ dataIndex }: { dataIndex: number }) => {
            // A zero says nothing a missing bar does not.
            const value = values[dataIndex];
            return !value || Number(value) === 0 ? '' : (s.text?.(value) ?? value);
          },
        },
        tooltip: {
          valueFormatter: (value: unknown) =>
            value === null || value === undefined ? '' : (s.text?.(String(value)) ?? String(value)),
        },
      };
    }),
  };
}

/** Lines over time (a price series, a balance by day): categories are the dates, in order. */
export function lineChartOption(categories: readonly string[], series: readonly ChartSeries[]): ChartOption {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : { show: false },
    grid: { left: 8, right: 24, top: series.length > 1 ? 32 : 8, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: [...categories], boundaryGap: false },
    yAxis: { type: 'value', scale: true },
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.name,
      showSymbol: categories.length <= 31,
      connectNulls: true,
      data: s.values.map(numberOf),
      tooltip: {
        valueFormatter: (value: unknown) =>
          value === null || value === undefined ? '' : (s.text?.(String(value)) ?? String(value)),
      },
    })),
  };
}
