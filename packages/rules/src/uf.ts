// The 27 federative units of Brazil (26 states and the Federal District).

export const UF_NAMES = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
} as const;

export type Uf = keyof typeof UF_NAMES;

/** All 27 UFs, in alphabetical order of their code. */
export const UFS: readonly Uf[] = Object.freeze(Object.keys(UF_NAMES).sort() as Uf[]);

export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && Object.hasOwn(UF_NAMES, value);
}

/** Accepts any case and surrounding spaces ('sp', ' Sp ') and returns the UF, or null. */
export function normaliseUf(value: string): Uf | null {
  const upper = value.trim().toUpperCase();
  return isUf(upper) ? upper : null;
}

export function ufName(uf: Uf): string {
  return UF_NAMES[uf];
}

export const UF_ERROR_MESSAGE = 'UF inválida: use a sigla de um dos 27 estados, como SP.';
