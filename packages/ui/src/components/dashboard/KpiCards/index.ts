export { KpiCards, KpiCardsSkeleton } from './KpiCards';
export { describeChange, formatChange, type Kpi } from './kpi';
