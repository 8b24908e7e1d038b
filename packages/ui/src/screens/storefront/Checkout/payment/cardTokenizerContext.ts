// Which tokenizer the checkout uses: Mercado Pago's with the server's public key by default; tests
// and stories wrap the screens in CardTokenizerProvider with a local stand-in (no network).
import { createContext, createElement, useContext, type ReactNode } from 'react';

import { CardTokenizerError, type CardTokenizer } from './cardTokenizer';
import { createMercadoPagoTokenizer } from './mercadoPagoTokenizer';

/** Builds the tokenizer for the gateway's public key (null when the server gave none). */
export type CardTokenizerFactory = (publicKey: string | null) => CardTokenizer;

const unavailable: CardTokenizer = {
  tokenise: () => Promise.reject(new CardTokenizerError('unavailable')),
};

export const defaultCardTokenizerFactory: CardTokenizerFactory = (publicKey) =>
  publicKey ? createMercadoPagoTokenizer({ publicKey }) : unavailable;

const CardTokenizerContext = createContext<CardTokenizerFactory>(defaultCardTokenizerFactory);

/** Tests and stories wrap the screen in this with a stand-in; production needs nothing. */
export function CardTokenizerProvider({
  factory,
  children,
}: {
  factory: CardTokenizerFactory;
  children: ReactNode;
}) {
  return createElement(CardTokenizerContext.Provider, { value: factory }, children);
}

export function useCardTokenizerFactory(): CardTokenizerFactory {
  return useContext(CardTokenizerContext);
}
