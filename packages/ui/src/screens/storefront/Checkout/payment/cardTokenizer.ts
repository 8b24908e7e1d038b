// The card tokenizer: the gateway's browser SDK turns the card into a single-use token, so card
// data never reaches our server. Screens get it from context (cardTokenizerContext.ts).
export interface CardData {
  /** Digits only. */
  number: string;
  /** As printed on the card. */
  holder: string;
  /** 'MM/AA'. */
  expiry: string;
  cvv: string;
  /** The holder's CPF, digits only. */
  cpf: string;
}

export interface CardToken {
  token: string;
  /** The gateway's brand id for the card ('visa', 'master', ...), from its BIN. */
  paymentMethodId: string;
}

export interface CardTokenizer {
  tokenise(card: CardData): Promise<CardToken>;
}

export const CARD_UNAVAILABLE_MESSAGE =
  'Pagamento com cartão indisponível no momento. Escolha Pix ou boleto.';
export const CARD_REFUSED_DATA_MESSAGE =
  'Não conseguimos validar os dados do cartão. Confira número, validade e CVV.';

/** A failure the shopper can read: 'unavailable' (SDK down) or 'invalid' (data refused). */
export class CardTokenizerError extends Error {
  override name = 'CardTokenizerError';
  constructor(
    readonly kind: 'unavailable' | 'invalid',
    message: string = kind === 'unavailable' ? CARD_UNAVAILABLE_MESSAGE : CARD_REFUSED_DATA_MESSAGE,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
