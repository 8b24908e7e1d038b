// One shopper behind many spellings of an address: the key per-e-mail limits count by.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Providers that ignore dots in the local part (and treat googlemail.com as gmail.com). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Lower-case, the "+tag" of the local part removed, and for Gmail the dots too:
 * `Nome.Sobrenome+1@GoogleMail.com` → `nomesobrenome@gmail.com`.
 */
export function emailIdentityKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** emailIdentityKey in SQL, for addresses already stored (same rules, same result). */
export function emailIdentityKeySql(column: AnyColumn | SQL): SQL {
  const lower = sql`lower(btrim(${column}))`;
  const domain = sql`substring(${lower} from '@([^@]*)$')`;
  const local = sql`split_part(substring(${lower} from '^(.*)@[^@]*$'), '+', 1)`;
  return sql`(CASE WHEN ${domain} IN ('gmail.com', 'googlemail.com')
    THEN replace(${local}, '.', '') || '@gmail.com'
    WHEN ${domain} IS NULL THEN ${lower}
    ELSE ${local} || '@' || ${domain} END)`;
}
