// Paying a placed card/boleto order: tokenise the card in the browser (the gateway's SDK), then
// orderPay. The server answers a payment still alive again instead of creating another, so a
// retry after a lost answer never charges twice; the ref stops a double click before it leaves.
import { useMutation, type ApolloError } from '@apollo/client';
import { useCallback, useMemo, useRef, useState } from 'react';

import { onlyDigits } from '../../../../forms/br';
import {
  ORDER_PAY_MUTATION,
  type CustomerOrderNode,
  type OrderPaymentResultNode,
} from '../CheckoutScreen.graphql';
import { CardTokenizerError, type CardToken } from './cardTokenizer';
import { useCardTokenizerFactory } from './cardTokenizerContext';
import type { CardFieldValues } from './card';

export type OrderPaymentOutcome =
  | { kind: 'result'; result: OrderPaymentResultNode }
  /** orderPay failed (network, refused request): nothing was charged that we know of. */
  | { kind: 'error'; message: string };

export type TokeniseOutcome =
  | { kind: 'token'; card: CardToken }
  | { kind: 'unavailable'; message: string }
  | { kind: 'invalid'; message: string };

const PAY_NETWORK_MESSAGE =
  'Não foi possível falar com a loja para concluir o pagamento. Verifique sua conexão e tente de novo: nada será cobrado duas vezes.';

function payErrorMessage(error: unknown): string {
  const apollo = error as Partial<ApolloError>;
  const first = apollo.graphQLErrors?.[0];
  return first?.message ?? PAY_NETWORK_MESSAGE;
}

/** The order as the confirmation shows it once orderPay answered. */
export function applyPaymentToOrder(
  order: CustomerOrderNode,
  outcome: OrderPaymentOutcome | null,
): CustomerOrderNode {
  if (outcome?.kind !== 'result') return order;
  const { result } = outcome;
  const paymentStatus =
    result.status === 'approved'
      ? 'PAID'
      : result.status === 'rejected'
        ? 'FAILED'
        : result.status === 'authorized'
          ? 'AUTHORIZED'
          : order.paymentStatus;
  return {
    ...order,
    status: result.orderStatus,
    paymentStatus,
    boleto:
      result.boletoBarcode || result.boletoUrl
        ? {
            url: result.boletoUrl,
            barcode: result.boletoBarcode,
            expiresAt: result.boletoExpiresAt,
          }
        : order.boleto,
  };
}

export function useOrderPayment(publicKey: string | null) {
  const factory = useCardTokenizerFactory();
  const tokenizer = useMemo(() => factory(publicKey), [factory, publicKey]);
  const [orderPay] = useMutation(ORDER_PAY_MUTATION);
  const busy = useRef(false);
  const [paying, setPaying] = useState(false);

  const tokenise = useCallback(
    async (card: Partial<CardFieldValues>, cpf: string): Promise<TokeniseOutcome> => {
      try {
        const token = await tokenizer.tokenise({
          number: onlyDigits(card.cardNumber ?? ''),
          holder: (card.cardHolder ?? '').trim(),
          expiry: card.cardExpiry ?? '',
          cvv: card.cardCvv ?? '',
          cpf: onlyDigits(cpf),
        });
        return { kind: 'token', card: token };
      } catch (caught) {
        const problem =
          caught instanceof CardTokenizerError ? caught : new CardTokenizerError('unavailable');
        return { kind: problem.kind, message: problem.message };
      }
    },
    [tokenizer],
  );

  const pay = useCallback(
    async (
      order: Pick<CustomerOrderNode, 'number' | 'customerEmail' | 'paymentMethod'>,
      card: (CardToken & { installments: number }) | null,
    ): Promise<OrderPaymentOutcome> => {
      try {
        const answer = await orderPay({
          variables: {
            input: {
              number: order.number,
              email: order.customerEmail,
              method: order.paymentMethod,
              ...(card
                ? {
                    cardToken: card.token,
                    paymentMethodId: card.paymentMethodId,
                    installments: card.installments,
                  }
                : {}),
            },
          },
        });
        const result = answer.data?.orderPay;
        return result
          ? { kind: 'result', result }
          : { kind: 'error', message: PAY_NETWORK_MESSAGE };
      } catch (caught) {
        return { kind: 'error', message: payErrorMessage(caught) };
      }
    },
    [orderPay],
  );

  /** Runs `task` unless one is already running (a double click sends one request). */
  const once = useCallback(async <T>(task: () => Promise<T>): Promise<T | null> => {
    if (busy.current) return null;
    busy.current = true;
    setPaying(true);
    try {
      return await task();
    } finally {
      busy.current = false;
      setPaying(false);
    }
  }, []);

  return { tokenise, pay, once, paying };
}
