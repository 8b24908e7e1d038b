// The store-wide requirement of two-factor sign-in (store_settings.require_two_factor): a signed-in
// staff member who has not enrolled may run only `me`, the store's public settings (its name, for the
// dashboard's frame), the enrolment and signOutEverywhere; every
// other GraphQL operation is refused with TWO_FACTOR_SETUP_REQUIRED before it runs (a Mercurius
// preExecution hook, so no resolver has to remember it), and the staff REST routes answer 403
// (requireStaffHttp, plugins/auth.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { selectedFieldNames } from '../../graphql/selection';
import { isTwoFactorSetupPending } from './auth.repository';
import { twoFactorSetupRequiredError } from './twofactor.service';

/** The root fields an account that still has to enrol may use. */
export const ALLOWED_DURING_TWO_FACTOR_SETUP: ReadonlySet<string> = new Set([
  'me',
  // Public (the storefront reads it without signing in): the dashboard's frame shows the store's
  // name beside `me` in one query, which must not fail for an account still to enrol.
  'storeSettings',
  'twoFactorEnrolStart',
  'twoFactorEnrolConfirm',
  'signOutEverywhere',
  '__typename',
]);

const pending = new WeakMap<FastifyRequest, Promise<boolean>>();

/**
 * Whether the request's staff member must enrol before anything else (memoised per request):
 * false without a staff session, or when enrolled, or when the store does not require it.
 */
export function twoFactorSetupPending(request: FastifyRequest): Promise<boolean> {
  let answer = pending.get(request);
  if (!answer) {
    answer = (async () => {
      const principal = await request.staffPrincipal();
      if (!principal) return false;
      return isTwoFactorSetupPending(request.server.db, principal.id);
    })();
    pending.set(request, answer);
  }
  return answer;
}

/** Whether the operation to run (by operationName, or the only one) stays within the allowed fields. */
export function onlyAllowedDuringSetup(
  document: DocumentNode,
  operationName: string | undefined,
): boolean {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const chosen = operationName
    ? operations.filter((operation) => operation.name?.value === operationName)
    : operations;
  return chosen.every((operation) =>
    [...selectedFieldNames(operation.selectionSet, (name) => fragments.get(name))].every((field) =>
      ALLOWED_DURING_TWO_FACTOR_SETUP.has(field),
    ),
  );
}

/** Adds the GraphQL half of the guard (call once Mercurius is registered). */
export function installTwoFactorGuard(app: FastifyInstance): void {
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const request = (context as MercuriusContext).reply.request;
    if (!(await twoFactorSetupPending(request))) return;
    const params = (request.method === 'GET' ? request.query : request.body) as
      { operationName?: unknown } | undefined;
    const operationName =
      typeof params?.operationName === 'string' ? params.operationName : undefined;
    if (onlyAllowedDuringSetup(document, operationName)) return;
    throw twoFactorSetupRequiredError();
  });
}
