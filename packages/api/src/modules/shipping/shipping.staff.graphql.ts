// Shipping methods admin over GraphQL (ADMIN only): the JSON price table as typed lists.
import { schemaEnum } from '../../lib/graphql-fields';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { pickupPointGraphQL, pickupPointOfRow } from './shipping.pickup';
import { CARRIER_LABELS } from './carriers/provider';
import type { DeliveryRate } from '@vitrine/rules';
import {
  createShippingMethod,
  deleteShippingMethod,
  findShippingMethod,
  listShippingMethods,
  updateShippingMethod,
} from './shipping.staff.service';

const ADMIN = ['ADMIN'] as const;

function rateView(rate: DeliveryRate) {
  return {
    bands: [...rate.bands].sort((a, b) => a.upToGrams - b.upToGrams),
    extraKgPriceCents: rate.extraKgPriceCents ?? null,
    businessDays: rate.businessDays,
  };
}

export const resolvers: Resolvers = {
  Query: {
    async shippingMethods(_root, _args, ctx) {
      requireStaff(ctx, ADMIN);
      return listShippingMethods(ctx.db);
    },
    async shippingMethod(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return findShippingMethod(ctx.db, args.id);
    },
    /** The carriers this server can ask for quotes (configured by environment). */
    shippingCarriers(_root, _args, ctx) {
      requireStaff(ctx, ADMIN);
      const quotes = ctx.request.server.carrierQuotes;
      return (['MELHOR_ENVIO', 'CORREIOS'] as const).map((carrier) => {
        const name = carrier === 'CORREIOS' ? 'correios' : 'melhorenvio';
        return {
          carrier,
          label: CARRIER_LABELS[name],
          configured: quotes?.carriers().includes(name) ?? false,
        };
      });
    },
  },
  Mutation: {
    async shippingMethodCreate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return createShippingMethod(ctx.db, args.input, auditActor(ctx));
    },
    async shippingMethodUpdate(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return updateShippingMethod(ctx.db, args.id, args.input, auditActor(ctx));
    },
    async shippingMethodDelete(_root, args, ctx) {
      requireStaff(ctx, ADMIN);
      return deleteShippingMethod(ctx.db, args.id, auditActor(ctx));
    },
  },
  ShippingMethod: {
    kind: (method) => schemaEnum(method.kind),
    byRegion: (method) =>
      Object.entries(method.rates.byRegion ?? {})
        .filter((entry): entry is [string, DeliveryRate] => entry[1] !== undefined)
        .map(([region, rate]) => ({ region: Number(region), rate: rateView(rate) }))
        .sort((a, b) => a.region - b.region),
    byUf: (method) =>
      Object.entries(method.rates.byUf ?? {})
        .filter((entry): entry is [string, DeliveryRate] => entry[1] !== undefined)
        .map(([uf, rate]) => ({ uf, rate: rateView(rate) }))
        .sort((a, b) => a.uf.localeCompare(b.uf)),
    pickupPoint: (method) => {
      const point = pickupPointOfRow(method);
      return point ? pickupPointGraphQL(point) : null;
    },
    carrier: (method) =>
      method.carrier === null ? null : method.carrier === 'correios' ? 'CORREIOS' : 'MELHOR_ENVIO',
    createdAt: (method) => method.createdAt.toISOString(),
    updatedAt: (method) => method.updatedAt.toISOString(),
  },
};
