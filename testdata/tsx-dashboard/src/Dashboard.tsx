import * as React from 'react';
import * as metrics from './metrics';
import { MetricsClient } from './metrics';

interface Props {
  range: string;
}

export function Dashboard({ range }: Props) { // @def(Dashboard, "Dashboard")
  const client: MetricsClient = new MetricsClient();
  const values = client.load(range); // @site(dashLoad, "load") @call(Dashboard, load, dashLoad)
  return <section title="日本語 😀">{metrics.summarize(values)}</section>; // @site(dashSum, "summarize") @call(Dashboard, summarize, dashSum)
}
