// The boxes section's data on the Frete page (ADMIN): shippingBoxes, and the create, update and
// delete mutations, each followed by a fresh list; the server's refusals come back as
// { field, message } for the dialog, in Portuguese.
import { useMutation, useQuery } from '@apollo/client';

import { readServerError } from '../../shared/graphqlErrors';
import {
  SHIPPING_BOX_CREATE_MUTATION,
  SHIPPING_BOX_DELETE_MUTATION,
  SHIPPING_BOX_UPDATE_MUTATION,
  SHIPPING_BOXES_QUERY,
} from './ShippingBoxes.graphql';
import { SHIPPING_BOXES_ERROR, type ShippingBoxesSectionProps } from './ShippingBoxesSection';

export function useShippingBoxes(admin: boolean): ShippingBoxesSectionProps {
  const list = useQuery(SHIPPING_BOXES_QUERY, { fetchPolicy: 'cache-and-network', skip: !admin });
  const [create] = useMutation(SHIPPING_BOX_CREATE_MUTATION);
  const [update] = useMutation(SHIPPING_BOX_UPDATE_MUTATION);
  const [remove] = useMutation(SHIPPING_BOX_DELETE_MUTATION);

  return {
    boxes: list.data?.shippingBoxes ?? null,
    loading: list.loading,
    error: list.error ? SHIPPING_BOXES_ERROR : null,
    onRetry: () => void list.refetch(),
    onSave: async (id, input) => {
      try {
        if (id === null) await create({ variables: { input } });
        else await update({ variables: { id, input } });
      } catch (error) {
        const refusal = readServerError(error as Error);
        // Not this box any more (deleted meanwhile): the list as it is now.
        if (refusal.code === 'NOT_FOUND') await list.refetch();
        throw Object.assign(new Error(refusal.message), { field: refusal.field });
      }
      await list.refetch();
    },
    onDelete: async (box) => {
      try {
        await remove({ variables: { id: box.id } });
      } catch (error) {
        const refusal = readServerError(error as Error);
        if (refusal.code !== 'NOT_FOUND') throw new Error(refusal.message);
      }
      await list.refetch();
    },
  };
}
