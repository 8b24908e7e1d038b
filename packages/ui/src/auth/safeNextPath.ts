/**
 * Where to go after signing in: the `next` query parameter when it is a dashboard path of this
 * site, '/dashboard' otherwise (never an absolute or protocol-relative URL: no open redirect).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/dashboard') || next.startsWith('//')) return '/dashboard';
  if (next.startsWith('/dashboard/login')) return '/dashboard';
  return next;
}
