// A chart in a figure named by its title: the chart library loads with the first chart shown.
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartOption } from './options.ts';

const EChart = lazy(() => import('./EChart.tsx'));

export function Chart({ title, option, height }: { title: string; option: ChartOption; height: number }) {
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </figure>
  );
}
