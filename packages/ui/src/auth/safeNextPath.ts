import { DASHBOARD_PATH, LOGIN_PATH } from '../routes/paths';

/**
 * Where to go after signing in: the `next` query parameter when it is a dashboard path of this
 * site, '/dashboard' otherwise (never an absolute or protocol-relative URL: no open redirect).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith(DASHBOARD_PATH) || next.startsWith('//')) return DASHBOARD_PATH;
  if (next.startsWith(LOGIN_PATH)) return DASHBOARD_PATH;
  return next;
}
