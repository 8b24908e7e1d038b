/** pluralize(1, 'item', 'itens') -> '1 item'; pluralize(3, 'item', 'itens') -> '3 itens'. */
export function pluralize(count: number, singular: string, plural: string): string {
  // In Portuguese only 1 (and -1) take the singular; zero is plural ("0 itens").
  const word = Math.abs(count) === 1 ? singular : plural;
  return `${count.toLocaleString('pt-BR')} ${word}`;
}
