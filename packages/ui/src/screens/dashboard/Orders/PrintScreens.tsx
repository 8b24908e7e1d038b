// The print pages with real data: the orders of ?ids= (each asked with `order`), the store's name
// and legal identity (the content declaration's sender).
import { useApolloClient, useQuery } from '@apollo/client';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import { useStoreLegal } from '../../shared/useStoreLegal';
import { useStoreName } from '../../shared/useStoreName';
import { ContentDeclarationView } from './ContentDeclarationView';
import { PackingSlipsView } from './PackingSlipsView';
import { ORDER_PRINT_QUERY, type PrintOrder } from './PrintPages.graphql';

const MAX_SLIPS = 100;

function print() {
  window.print();
}

export function PackingSlipsScreen() {
  const [searchParams] = useSearchParams();
  const idsParam = searchParams.get('ids') ?? '';
  const ids = useMemo(
    () =>
      [
        ...new Set(
          idsParam
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ].slice(0, MAX_SLIPS),
    [idsParam],
  );
  const client = useApolloClient();
  const storeName = useStoreName();
  const legal = useStoreLegal();
  const [result, setResult] = useState<{
    key: string;
    orders: PrintOrder[];
    missing: string[];
    error: string | null;
  } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all(ids.map((id) => client.query({ query: ORDER_PRINT_QUERY, variables: { id } })))
      .then((answers) => {
        if (!live) return;
        const orders = answers.flatMap((answer) => (answer.data.order ? [answer.data.order] : []));
        setResult({
          key: idsParam,
          orders,
          missing: ids.filter((id) => !orders.some((order) => order.id === id)),
          error: null,
        });
      })
      .catch((cause: unknown) => {
        if (live) {
          setResult({
            key: idsParam,
            orders: [],
            missing: [],
            error: `Não foi possível carregar os pedidos. ${readServerError(cause as Error).message}`,
          });
        }
      });
    return () => {
      live = false;
    };
  }, [client, ids, idsParam]);

  const current = result?.key === idsParam ? result : null;
  return (
    <PackingSlipsView
      storeName={storeName}
      legal={legal}
      orders={current?.orders ?? []}
      missing={current?.missing ?? []}
      loading={ids.length > 0 && current === null}
      error={current?.error ?? null}
      onPrint={print}
    />
  );
}

export function ContentDeclarationScreen() {
  const { id = '' } = useParams();
  const storeName = useStoreName();
  const legal = useStoreLegal();
  const { data, loading, error } = useQuery(ORDER_PRINT_QUERY, { variables: { id } });
  return (
    <ContentDeclarationView
      storeName={storeName}
      legal={legal}
      order={data?.order ?? null}
      loading={loading}
      notFound={!loading && !error && data?.order === null}
      error={error ? `Não foi possível carregar o pedido. ${readServerError(error).message}` : null}
      onPrint={print}
    />
  );
}
