// zod schemas for Brazilian fields, with the messages (./messages) a shopper reads under each field.
import { z } from 'zod';

import { brMessages } from './messages';
import { isUf, isValidCep, isValidCpf, isValidPhone } from './validation';

const required = (schema: z.ZodString) => schema.trim().min(1, brMessages.required);

export const fullNameSchema = required(z.string())
  .max(120, 'Use no máximo 120 caracteres.')
  .refine((value) => value.split(/\s+/).filter(Boolean).length >= 2, brMessages.fullName);

export const emailSchema = required(z.string()).pipe(z.email(brMessages.email));

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
