import type { StaffRole } from '../modules/staff/staff.tables';
import type { GraphQLContext, StaffPrincipal } from './context';
import { forbidden, unauthenticated } from './errors';

/** The caller's staff principal; UNAUTHENTICATED without one, FORBIDDEN outside `roles`. */
export function requireStaff(
  ctx: Pick<GraphQLContext, 'staff'>,
  roles?: readonly StaffRole[],
): StaffPrincipal {
  if (!ctx.staff) throw unauthenticated();
  if (roles && !roles.includes(ctx.staff.role)) throw forbidden();
  return ctx.staff;
}
