export { Chart } from './Chart.tsx';
export {
  barChartHeight,
  barChartOption,
  type ChartOption,
  type ChartSeries,
  lineChartOption,
} from './options.ts';
