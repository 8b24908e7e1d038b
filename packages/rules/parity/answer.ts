// What a parity row compares: a GraphQL response reduced to its data under the alias `r`, or its
// first error's code, message and field. Both runners (the server's and the mocks') use it.
import type { ParityAnswer } from './orders.cases';

export interface GraphqlBody {
  data?: { r?: unknown } | null;
  errors?: { message: string; extensions?: { code?: unknown; field?: unknown } }[];
}

export function parityAnswer(body: GraphqlBody): ParityAnswer<unknown> {
  const error = body.errors?.[0];
  if (error) {
    const field = error.extensions?.field;
    return {
      code: String(error.extensions?.code ?? ''),
      message: error.message,
      ...(typeof field === 'string' ? { field } : {}),
    };
  }
  return { data: body.data?.r ?? null };
}

/** How a runner asks: a document and its variables, the answer reduced by parityAnswer. */
export type ParityAsk = (
  document: string,
  variables: Record<string, unknown>,
) => Promise<ParityAnswer<unknown>>;

/** The data of a set-up step's answer; a refused step fails the row with its message. */
export function parityData<T>(answer: ParityAnswer<unknown>): T {
  if (!('data' in answer)) throw new Error(`set-up refused: ${answer.message}`);
  return answer.data as T;
}
