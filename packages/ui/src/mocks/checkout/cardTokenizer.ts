// A local stand-in for the gateway's card SDK, for tests and stories (never the network). Like
// Mercado Pago's sandbox, the holder's name picks the outcome: 'OTHE'/'RECUSADO' a refused card,
// 'CONT'/'ANALISE' a payment in review, anything else an approval (see orderPay in the mocks).
import { CardTokenizerError } from '../../screens/storefront/Checkout/payment/cardTokenizer';
import type {
  CardData,
  CardToken,
  CardTokenizer,
} from '../../screens/storefront/Checkout/payment/cardTokenizer';
import type { CardTokenizerFactory } from '../../screens/storefront/Checkout/payment/cardTokenizerContext';

export interface StandInTokenizer {
  factory: CardTokenizerFactory;
  /** Every card tokenised, for assertions (the digits stay in the test). */
  cards: CardData[];
  /** The public key each tokenizer was built with. */
  publicKeys: (string | null)[];
}

export function standInCardTokenizer(): StandInTokenizer {
  const cards: CardData[] = [];
  const publicKeys: (string | null)[] = [];
  let counter = 0;
  const tokenizer: CardTokenizer = {
    tokenise(card): Promise<CardToken> {
      cards.push(card);
      counter += 1;
      const holder = card.holder.trim().toUpperCase();
      const outcome = /^(OTHE|RECUSADO)/.test(holder)
        ? 'recusado'
        : /^(CONT|ANALISE)/.test(holder)
          ? 'analise'
          : 'aprovado';
      return Promise.resolve({
        token: `${outcome}-${card.number.slice(-4)}-${String(counter).padStart(4, '0')}`,
        paymentMethodId: card.number.startsWith('4') ? 'visa' : 'master',
      });
    },
  };
  return {
    cards,
    publicKeys,
    factory: (publicKey) => {
      publicKeys.push(publicKey);
      return tokenizer;
    },
  };
}

/** The SDK that never loads (offline, blocked by an extension). */
export const unavailableCardTokenizer: CardTokenizerFactory = () => ({
  tokenise: () => Promise.reject(new CardTokenizerError('unavailable')),
});

/** Card numbers that pass the Luhn check (gateway sandbox numbers). */
export const TEST_CARDS = {
  visa: '4235 6477 2802 5682',
  master: '5031 4332 1540 6351',
} as const;
