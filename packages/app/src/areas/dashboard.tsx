// The dashboard area (its own chunk): sign-in, password reset, the staff shell and its pages, by
// the route table's screen name. The app finds a dashboard screen here by its name, so the
// shopper's first visit carries no list of the dashboard's pages (docs/benchmarks.md, first-visit
// weight).
export { dashboardScreens, type DashboardScreen } from '@vitrine/ui/dashboard';
