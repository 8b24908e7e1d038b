// zod schemas for Brazilian fields, with the messages (./messages) a shopper reads under each field.
import { checkEmail } from '@vitrine/rules';
import { z } from 'zod';

import { brMessages } from './messages';
import { isUf, isValidCep, isValidCpf, isValidPhone } from './validation';

const required = (schema: z.ZodString) => schema.trim().min(1, brMessages.required);

export const fullNameSchema = required(z.string())
  .max(120, 'Use no máximo 120 caracteres.')
  .refine((value) => value.split(/\s+/).filter(Boolean).length >= 2, brMessages.fullName);

/**
 * An e-mail by the store's one rule, the server's (@vitrine/rules checkEmail): trimmed of spaces,
 * tabs and line breaks only; a quoted local part or an invisible character (a zero-width space, a
 * no-break space...) gets the rule's own message, an empty field `empty`, any other shape `shape`.
 */
export function emailSchemaWith(messages: { empty: string; shape: string }) {
  return z.string().transform((value, context) => {
    const checked = checkEmail(value);
    if (checked.ok) return checked.email;
    context.addIssue({
      code: 'custom',
      message:
        checked.problem === 'EMPTY'
          ? messages.empty
          : checked.problem === 'SHAPE'
            ? messages.shape
            : checked.message,
    });
    return z.NEVER;
  });
}

export const emailSchema = emailSchemaWith({ empty: brMessages.required, shape: brMessages.email });

export const cpfSchema = required(z.string()).refine(isValidCpf, brMessages.cpf);

export const cepSchema = required(z.string()).refine(isValidCep, brMessages.cep);

export const phoneSchema = required(z.string()).refine(isValidPhone, brMessages.phone);

export const ufSchema = z.string().refine(isUf, brMessages.uf);

/** The shopper's identification at checkout. */
export const identificationSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  cpf: cpfSchema,
  phone: phoneSchema,
});

/** A delivery address; number and complement are separate, as the Correios write them. */
export const addressSchema = z.object({
  postalCode: cepSchema,
  street: required(z.string()).max(160, 'Use no máximo 160 caracteres.'),
  number: required(z.string()).max(20, brMessages.number),
  complement: z.string().trim().max(80, 'Use no máximo 80 caracteres.'),
  district: required(z.string()).max(80, 'Use no máximo 80 caracteres.'),
  city: required(z.string()).max(80, 'Use no máximo 80 caracteres.'),
  state: ufSchema,
});

export type IdentificationValues = z.infer<typeof identificationSchema>;
export type AddressValues = z.infer<typeof addressSchema>;
