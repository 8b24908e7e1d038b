// /avise-me/confirmar?token=… — confirms the 'Avise-me quando chegar' request behind the link
// once, as soon as the page opens.
import { useMutation } from '@apollo/client';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useSeo } from '../../../seo';
import { CONFIRM_RESTOCK_ALERT } from '../ProductPage/restockAlert.graphql';
import { readServerError } from '../../shared/graphqlErrors';
import { useStoreName } from '../../shared/useStoreName';
import { RestockConfirmView } from './RestockConfirmView';

export function RestockConfirmScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const storeName = useStoreName();
  useSeo({
    title: 'Confirmar aviso',
    description: 'Confirme o aviso de chegada de um produto esgotado.',
    siteName: storeName,
  });
  const [confirm, result] = useMutation(CONFIRM_RESTOCK_ALERT);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void confirm({ variables: { token } }).catch(() => undefined);
  }, [confirm, token]);

  if (!token) return <RestockConfirmView status="invalid" />;
  if (result.data) {
    return <RestockConfirmView status="confirmed" product={result.data.confirmRestockAlert} />;
  }
  if (result.error) {
    const error = readServerError(result.error);
    return error.code === 'BAD_USER_INPUT' ? (
      <RestockConfirmView status="invalid" message={error.message} />
    ) : (
      <RestockConfirmView
        status="error"
        message={error.message}
        onRetry={() => void confirm({ variables: { token } }).catch(() => undefined)}
      />
    );
  }
  return <RestockConfirmView status="loading" />;
}
