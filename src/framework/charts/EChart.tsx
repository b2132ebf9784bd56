// One ECharts instance in a div, themed from antd's tokens. Loaded lazily (see Chart.tsx), so the chart
// library comes with the report and large-screen pages, never with the login or the shell.
import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartOption } from './options.ts';

use([
  BarChart,
  LineChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

/** Canvas where the browser draws one (long price series stay fast); SVG where it cannot. */
function rendererHere(): 'canvas' | 'svg' {
  try {
    return document.createElement('canvas').getContext('2d') ? 'canvas' : 'svg';
  } catch {
    return 'svg';
  }
}

export interface EChartProps {
  option: ChartOption;
  height: number;
}

export default function EChart({ option, height }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const dom = element.current;
    if (!dom) return;
    const instance = init(dom, undefined, { renderer: rendererHere() });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(dom);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  // Drawn again when what it shows changes, not when a render makes an equal option anew (the formatters'
  // closures read the same values the data holds).
  const shown = JSON.stringify(option);
  const latest = useRef(option);
  latest.current = option;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` stands for the option
  useEffect(() => {
    const option = latest.current;
    chart.current?.setOption(
      {
        color: [
          token.colorPrimary,
          token.colorWarning,
          token.colorSuccess,
          token.colorError,
          token.colorInfo,
        ],
        textStyle: { color: token.colorText, fontFamily: token.fontFamily },
        backgroundColor: 'transparent',
        ...option,
      },
      true,
    );
  }, [shown, token]);

  return <div ref={element} style={{ width: '100%', height }} />;
}
