import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { DASHBOARD_PATH, STOREFRONT_PATH } from '../../../routes/paths';
import { RouteErrorView } from './RouteErrorView';

export interface RouteErrorScreenProps {
  /** What failed: logged, never shown (the person gets the Portuguese page). */
  error: unknown;
}

/**
 * The app's error page: logs the failure and offers a fresh load (a chunk that failed to load
 * after a deploy is fetched anew) or the way home of the area.
 */
export function RouteErrorScreen({ error }: RouteErrorScreenProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
  const inDashboard = pathname.startsWith(DASHBOARD_PATH);
  return (
    <RouteErrorView
      homePath={inDashboard ? DASHBOARD_PATH : STOREFRONT_PATH}
      homeLabel={inDashboard ? 'Voltar para o painel' : 'Voltar para a página inicial'}
      onRetry={() => window.location.reload()}
    />
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: { value: unknown } | null;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    console.error('Route component stack', info.componentStack);
  }

  override render() {
    if (this.state.error) return <RouteErrorScreen error={this.state.error.value} />;
    return this.props.children;
  }
}

/**
 * The app's outermost error boundary (inside the router): a page that throws or a lazy chunk that
 * fails to load shows RouteErrorScreen; moving to another address clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
