// The checkout form's state: react-hook-form with the schema (and the card, when paying by card),
// the draft kept on every change, the server's errors put on their fields, the address filled from
// the CEP look-up, and the shipping and payment choices kept among what the store offers.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormSetError,
  type UseFormSetFocus,
} from 'react-hook-form';

import type { ShippingOptionData } from '../../../components/storefront';
import { onlyDigits } from '../../../forms/br';
import type { CartSummaryData } from '../Cart/CartSummary';
import type { PickupPointNode } from '../shared/pickupPoint.graphql';
import {
  CHECKOUT_FIELD_ORDER,
  checkoutSchema,
  EMPTY_CHECKOUT,
  needsAddressLines,
  pickupCheckoutSchema,
  type CheckoutError,
  type CheckoutField,
  type CheckoutInput,
  type CheckoutValues,
  type PaymentMethodValue,
} from './checkoutForm';
import { CARD_FIELD_ORDER, cardErrors, type CardField } from './payment/card';

/** A shipping option as the checkout shows it: a pickup with its point (address, hours). */
export type CheckoutShippingOption = ShippingOptionData & {
  pickupPoint?: PickupPointNode | null;
};

/** The CEP look-up's answer, as CheckoutView takes it. */
export interface CepLookupState {
  /** The CEP (8 digits) this state is about. */
  postalCode: string;
  /** not-found: the CEP does not exist; unavailable: the look-up did not answer (not their fault). */
  status: 'loading' | 'found' | 'not-found' | 'unavailable';
  address?: { street: string; district: string; city: string; uf: string } | null;
}

interface FormContext {
  /** The counts of the store's instalment table for this total (cartPreview). */
  installmentCounts: number[];
  /** The kind of each shipping option quoted: a pickup needs no street to UF. */
  shippingKinds?: Record<string, 'DELIVERY' | 'PICKUP'>;
}

/** The checkout form's handle, for the parts that render its Controllers. */
export type CheckoutControl = Control<CheckoutInput, FormContext, CheckoutValues>;

// The schema checks everything but the card; the card is checked only when paying by card.
const checkoutResolver: Resolver<CheckoutInput, FormContext, CheckoutValues> = async (
  values,
  context,
  options,
) => {
  const kind = context?.shippingKinds?.[values.shippingMethodId ?? ''];
  const schema = needsAddressLines(kind, values.paymentMethod)
    ? checkoutSchema
    : (pickupCheckoutSchema as unknown as typeof checkoutSchema);
  const result = await zodResolver(schema)(values, context, options);
  if (values.paymentMethod !== 'CARD') return result;
  const card = Object.entries(cardErrors(values, context?.installmentCounts ?? [1])) as [
    CardField,
    string,
  ][];
  if (card.length === 0) return result;
  const errors: FieldErrors<CheckoutInput> = { ...result.errors };
  for (const [name, message] of card) errors[name] ??= { type: 'card', message };
  return { values: {}, errors };
};

/**
 * Focuses a field by its name in the form: a radio group's chosen radio (else its first), or the
 * form's own handle when nothing carries the name (the shipping's box when no option is shown).
 */
function focusField(
  form: HTMLFormElement | null,
  name: CheckoutField,
  setFocus: UseFormSetFocus<CheckoutInput>,
) {
  const named = Array.from(form?.querySelectorAll<HTMLElement>(`[name="${name}"]`) ?? []);
  const target =
    named.find((element) => element instanceof HTMLInputElement && element.checked) ?? named[0];
  if (target) target.focus();
  else setFocus(name);
}

function applyServerErrors(
  serverError: CheckoutError | null | undefined,
  setError: UseFormSetError<CheckoutInput>,
  focus: (field: CheckoutField) => void,
  focusCoupon: () => void,
) {
  if (serverError?.kind !== 'fields') return;
  const fields = [...CHECKOUT_FIELD_ORDER, ...CARD_FIELD_ORDER].filter(
    (field) => serverError.fields[field],
  );
  for (const field of fields) {
    setError(field, { type: 'server', message: serverError.fields[field] });
  }
  // The first one gets the focus. The coupon is not a field here: its message sits by the
  // summary, focused when it is the only one.
  if (fields[0]) focus(fields[0]);
  else if (serverError.fields.couponCode) focusCoupon();
}

/** The fields typed straight into their box; the masked ones and the choices use Controller. */
export type PlainField =
  'name' | 'email' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'uf';
export type PlainFieldProps = { [Name in PlainField]: UseFormRegisterReturn<Name> };

/**
 * Registers the plain fields, in this order, before the sections render: react-hook-form focuses
 * the first field in error in the order the fields were registered, and the Controllers of the
 * masked fields and the choices register after these, as they render.
 */
export function registerPlainFields(register: UseFormRegister<CheckoutInput>): PlainFieldProps {
  return {
    name: register('name'),
    email: register('email'),
    street: register('street'),
    number: register('number'),
    complement: register('complement'),
    district: register('district'),
    city: register('city'),
    uf: register('uf'),
  };
}

export interface CheckoutFormOptions {
  defaultValues?: Partial<CheckoutInput>;
  summary: CartSummaryData | null;
  updating: boolean;
  pricingError: boolean;
  quotedPostalCode?: string | null;
  shippingOptions: CheckoutShippingOption[] | null;
  pricedShippingMethodId: string | null;
  paymentMethods: { method: PaymentMethodValue }[] | null;
  cepLookup: CepLookupState | null;
  onShippingMethodChange: (methodId: string) => void;
  /** A complete CEP was typed ('' once the form's CEP is cleared after a quote for one). */
  onPostalCodeChange?: (postalCode: string) => void;
  onDraftChange?: (values: Partial<CheckoutInput>) => void;
  serverError: CheckoutError | null;
}

export function useCheckoutForm({
  defaultValues,
  summary,
  updating,
  pricingError,
  quotedPostalCode,
  shippingOptions,
  pricedShippingMethodId,
  paymentMethods,
  cepLookup,
  onShippingMethodChange,
  onPostalCodeChange,
  onDraftChange,
  serverError,
}: CheckoutFormOptions) {
  const form = useForm<CheckoutInput, FormContext, CheckoutValues>({
    resolver: checkoutResolver,
    context: {
      installmentCounts: summary?.installmentOptions.map((option) => option.count) ?? [1],
      shippingKinds: Object.fromEntries(
        (shippingOptions ?? []).map((option) => [option.methodId, option.kind]),
      ),
    },
    mode: 'onTouched',
    defaultValues: { ...EMPTY_CHECKOUT, ...defaultValues },
  });
  const { control, setValue, setError, setFocus, getValues } = form;
  const values = useWatch({ control });
  const couponAlert = useRef<HTMLDivElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const focusSection = (field: CheckoutField) => focusField(formElement.current, field, setFocus);
  // The shopper has been to the payment section (Pix is chosen from the start).
  const [paymentVisited, setPaymentVisited] = useState(false);

  // Options and totals count only when quoted for the CEP in the form (once it has 8 digits), or,
  // without a complete CEP, when quoted without one (the pickups only).
  const formCep = onlyDigits(values.postalCode ?? '');
  const cepReady = formCep.length === 8;
  const quotedForForm = cepReady
    ? quotedPostalCode === undefined || quotedPostalCode === formCep
    : quotedPostalCode !== undefined && quotedPostalCode !== null && quotedPostalCode.length !== 8;
  const visibleOptions = quotedForForm ? shippingOptions : null;
  // The CEP was cleared (or shortened) after a quote for a complete one: its shipping and totals
  // are no longer the order's; they are priced again without a CEP.
  const staleCepQuote = !cepReady && quotedPostalCode?.length === 8;
  useEffect(() => {
    if (staleCepQuote) onPostalCodeChange?.('');
  }, [staleCepQuote, onPostalCodeChange]);

  // Keep a draft of every keystroke.
  useEffect(() => {
    onDraftChange?.(values as Partial<CheckoutInput>);
  }, [values, onDraftChange]);

  // The server's errors land on their fields; the first one gets the focus.
  useEffect(() => {
    applyServerErrors(
      serverError,
      setError,
      (field) => focusField(formElement.current, field, setFocus),
      () => couponAlert.current?.focus(),
    );
  }, [serverError, setError, setFocus]);

  // Fill the address once the look-up answers for the CEP in the field.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (cepLookup?.status !== 'found' || !cepLookup.address) return;
    if (onlyDigits(getValues('postalCode')) !== cepLookup.postalCode) return;
    if (filledFor.current === cepLookup.postalCode) return;
    filledFor.current = cepLookup.postalCode;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    setValue('street', cepLookup.address.street, options);
    setValue('district', cepLookup.address.district, options);
    setValue('city', cepLookup.address.city, options);
    setValue('uf', cepLookup.address.uf, options);
  }, [cepLookup, getValues, setValue]);

  // Each quote for the form's CEP checks the chosen shipping again: one the server offers for this
  // CEP and the one it priced (else it is priced now); none offered, none chosen.
  const optionIds = visibleOptions?.map((option) => option.methodId).join(',') ?? null;
  const settledQuote = !updating && !pricingError;
  useEffect(() => {
    if (visibleOptions === null || !settledQuote) return;
    const current = getValues('shippingMethodId');
    if (visibleOptions.length === 0) {
      if (current) setValue('shippingMethodId', '');
      return;
    }
    if (visibleOptions.some((option) => option.methodId === current)) {
      if (pricedShippingMethodId !== current) onShippingMethodChange(current);
      return;
    }
    // Without a CEP only pickups are offered: one is never chosen for the shopper.
    const next = pricedShippingMethodId ?? (cepReady ? visibleOptions[0]?.methodId : null) ?? '';
    setValue('shippingMethodId', next, { shouldValidate: false });
    if (next !== '' && next !== pricedShippingMethodId) onShippingMethodChange(next);
    // optionIds stands for the options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionIds, pricedShippingMethodId, settledQuote]);

  // Once the store has answered, a method it does not offer falls back to Pix (or its first one);
  // until then the saved choice stays.
  const offered = paymentMethods?.map((item) => item.method).join(',') ?? null;
  useEffect(() => {
    if (!offered) return;
    const methods = offered.split(',') as PaymentMethodValue[];
    if (methods.includes(getValues('paymentMethod'))) return;
    setValue('paymentMethod', methods.includes('PIX') ? 'PIX' : (methods[0] ?? 'PIX'));
  }, [offered, getValues, setValue]);

  return {
    form,
    values,
    couponAlert,
    formElement,
    focusSection,
    paymentVisited,
    setPaymentVisited,
    formCep,
    // The quote shown is of another CEP than the form's (or of one the form no longer has).
    awaitingQuote: (cepReady && !quotedForForm) || staleCepQuote,
    visibleOptions,
  };
}
