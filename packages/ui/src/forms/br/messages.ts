// The messages a shopper reads under Brazilian fields. No zod here: plain components (the shipping
// quote's CEP field) use them without pulling the schemas into the storefront's first load.
export const brMessages = {
  required: 'Preencha este campo.',
  fullName: 'Informe nome e sobrenome.',
  email: 'Informe um e-mail válido, como nome@exemplo.com.br.',
  cpf: 'CPF inválido: confira os 11 dígitos.',
  /** The server's words (@vitrine/rules CEP_ERROR_MESSAGE; messages.test.ts keeps them equal). */
  cep: 'CEP inválido: use 8 dígitos, como 01310-100.',
  phone: 'Telefone inválido: informe o DDD e o número, como (11) 98765-4321.',
  uf: 'Escolha o estado (UF).',
  number: 'Informe o número (ou "s/n").',
} as const;
