import { useLoadingIndicator } from '../../auth/AuthProvider';
import { GlobalLoadingIndicator } from './GlobalLoadingIndicator';

/** The global indicator driven by the auth package's request counter. */
export function ConnectedLoadingIndicator() {
  const active = useLoadingIndicator();
  return <GlobalLoadingIndicator active={active} />;
}
