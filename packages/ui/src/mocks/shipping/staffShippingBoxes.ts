// The store's boxes (Frete > Caixas, ADMIN), answering as the server does
// (modules/shipping/shipping.staff.boxes.ts): the same rule and messages at the same fields
// (@vitrine/rules checkPackingBox), one box per name whatever the case, the list smallest first,
// NOT_FOUND for an unknown id, an audit entry per change. The boxes hang on the mock world's
// checkout data (fresh on each reset); a story or test gives its own with
// `checkoutMock.answers(withShippingBoxes([...]))`, or makes the list alone fail or wait with
// `withShippingBoxes('fails')` / `withShippingBoxes('pending')`.
import { checkPackingBox, type PackingBoxInput } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import { makeShippingBoxes, type ShippingBoxFixture } from './shippingBoxes.fixtures';
import {
  badInput,
  DOMAIN_FAILURE_MESSAGE,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { auditedValues, auditShipping } from './staffShipping';

export const SHIPPING_BOX_NOT_FOUND_MESSAGE = 'Caixa não encontrada.';
const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';

const SHIPPING_BOXES = Symbol('shippingBoxes');

type BoxesGiven = ShippingBoxFixture[] | 'fails' | 'pending';
type WithShippingBoxes<T> = T & { [SHIPPING_BOXES]?: BoxesGiven };

/**
 * The checkout mock's input carrying these boxes (or a list that fails or never answers):
 * `checkoutMock.answers(withShippingBoxes([]))`.
 */
export function withShippingBoxes<T extends object>(boxes: BoxesGiven, checkout: T = {} as T): T {
  return { ...checkout, [SHIPPING_BOXES]: boxes };
}

const states = new WeakMap<object, ShippingBoxFixture[]>();

function givenOf(world: MockWorld): BoxesGiven | undefined {
  return (world.checkout as WithShippingBoxes<MockWorld['checkout']>)[SHIPPING_BOXES];
}

function boxesOf(world: MockWorld): ShippingBoxFixture[] {
  const key = world.checkout;
  let boxes = states.get(key);
  if (!boxes) {
    const given = givenOf(world);
    // A copy: mutations change it, never the fixtures a story passed.
    boxes = structuredClone(Array.isArray(given) ? given : makeShippingBoxes());
    states.set(key, boxes);
  }
  return boxes;
}

function requireAdmin(context: RequestContext) {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') {
    throw new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
}

function notFound(): GraphQLError {
  return new GraphQLError(SHIPPING_BOX_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
}

const volume = (box: ShippingBoxFixture) => box.lengthCm * box.widthCm * box.heightCm;

function validate(
  boxes: readonly ShippingBoxFixture[],
  input: PackingBoxInput,
  exceptId: string | null,
) {
  const checked = checkPackingBox(input);
  if (!checked.ok) throw badInput(checked.message, checked.field);
  const name = checked.box.name;
  const taken = boxes.some(
    (box) => box.id !== exceptId && box.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw badInput(`Já existe uma caixa chamada ${name}.`, 'name');
  return checked.box;
}

const AUDITED = [
  'name',
  'lengthCm',
  'widthCm',
  'heightCm',
  'weightGrams',
  'maxWeightGrams',
] as const;

const auditValues = (box: ShippingBoxFixture, other: ShippingBoxFixture | null = null) =>
  auditedValues(AUDITED, box, other);

const audit = (
  world: MockWorld,
  action: 'create' | 'update' | 'delete',
  box: ShippingBoxFixture,
  summary: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => auditShipping(world, `shipping_box.${action}`, box, summary, before, after);

let nextId = 1;

export const staffShippingBoxResolvers = {
  shippingBoxes: (_args: Record<string, never>, context: RequestContext) => {
    requireAdmin(context);
    const given = givenOf(context.world);
    if (given === 'fails') throw new GraphQLError(DOMAIN_FAILURE_MESSAGE);
    if (given === 'pending') return new Promise<never>(() => {});
    return [...boxesOf(context.world)].sort(
      (a, b) => volume(a) - volume(b) || a.name.localeCompare(b.name),
    );
  },
  shippingBoxCreate: (args: { input: PackingBoxInput }, context: RequestContext) => {
    requireAdmin(context);
    const boxes = boxesOf(context.world);
    const values = validate(boxes, args.input, null);
    const now = new Date().toISOString();
    const box: ShippingBoxFixture = {
      id: `box-new-${nextId++}`,
      ...values,
      createdAt: now,
      updatedAt: now,
    };
    boxes.push(box);
    audit(context.world, 'create', box, `Caixa ${box.name} criada.`, null, auditValues(box));
    return box;
  },
  shippingBoxUpdate: (args: { id: string; input: PackingBoxInput }, context: RequestContext) => {
    requireAdmin(context);
    const boxes = boxesOf(context.world);
    const index = boxes.findIndex((box) => box.id === args.id);
    if (index < 0) throw notFound();
    const before = boxes[index]!;
    const values = validate(boxes, args.input, before.id);
    const box: ShippingBoxFixture = { ...before, ...values, updatedAt: new Date().toISOString() };
    boxes[index] = box;
    const changed = auditValues(box, before);
    if (Object.keys(changed).length > 0) {
      const all = auditValues(before);
      audit(
        context.world,
        'update',
        box,
        `Caixa ${box.name} alterada: ${Object.keys(changed).join(', ')}.`,
        Object.fromEntries(Object.keys(changed).map((key) => [key, all[key]])),
        changed,
      );
    }
    return box;
  },
  shippingBoxDelete: (args: { id: string }, context: RequestContext) => {
    requireAdmin(context);
    const boxes = boxesOf(context.world);
    const index = boxes.findIndex((box) => box.id === args.id);
    if (index < 0) throw notFound();
    const [before] = boxes.splice(index, 1);
    audit(
      context.world,
      'delete',
      before!,
      `Caixa ${before!.name} excluída.`,
      auditValues(before!),
      null,
    );
    return true;
  },
} satisfies RootResolvers;
