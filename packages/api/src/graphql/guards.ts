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

/**
 * Who handles the store's money (DESIGN.md, roles): confirming a payment, refunding, reconciling
 * bank statements (the Pix queue's confirmations, the statements and their entries) and the
 * payment settings. A BRAND_MANAGER ships and delivers their own lines; SUPPORT handles orders.
 */
export const STORE_MONEY_ROLES = ['ADMIN'] as const satisfies readonly StaffRole[];

/** Whether `role` handles the store's money (STORE_MONEY_ROLES). */
export function handlesStoreMoney(role: StaffRole): boolean {
  return (STORE_MONEY_ROLES as readonly StaffRole[]).includes(role);
}
