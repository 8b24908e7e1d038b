// What the store accepts as an e-mail address, everywhere one is typed: the checkout, restock
// alerts, order tracking, staff invitations, login and password reset, the store's own contact
// and Pix key. One rule, so that one mailbox has one spelling the per-shopper limits can count.
//
// RFC 5321 allows much that only serves to write one mailbox many ways: a quoted local part
// (`"nome"@gmail.com` is nome@gmail.com), and invisible characters a form or a copy-paste lets
// through (`nome@gmail.com` followed by U+200B ZERO WIDTH SPACE). Both got a once-per-customer
// coupon a second time. The store takes the shape mail providers hand out: a local part of ASCII
// letters, digits and . _ ' + - (dots neither first, last nor doubled), at most 64 characters;
// a domain of at least two labels (letters, digits, inner hyphens), the last one letters (or an
// IDN's xn--); at most 254 characters in all. Spaces, tabs and line breaks around the address are
// trimmed; any other invisible character, anywhere, is refused with its own message.

/** Why a text is not an e-mail the store accepts. */
export type EmailProblem = 'EMPTY' | 'TOO_LONG' | 'INVISIBLE_CHARACTER' | 'QUOTED' | 'SHAPE';

export const EMAIL_MAX_LENGTH = 254;

/** What a person reads for each problem (pt-BR). */
export const EMAIL_MESSAGES: Readonly<Record<EmailProblem, string>> = {
  EMPTY: 'Informe o e-mail.',
  TOO_LONG: `O e-mail pode ter no máximo ${EMAIL_MAX_LENGTH} caracteres.`,
  INVISIBLE_CHARACTER:
    'O e-mail tem um caractere invisível (como um espaço sem largura ou um espaço não separável), comum ao copiar e colar: apague o endereço e digite-o de novo.',
  QUOTED: 'Escreva o e-mail sem aspas, como nome@exemplo.com.br.',
  SHAPE: 'Informe um e-mail válido, como nome@exemplo.com.br.',
};

/** Spaces, tabs and line breaks around an address are trimmed (nothing else is). */
const SURROUNDING_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/**
 * Characters a reader cannot see or tell apart from a space: controls, format characters
 * (zero-width space and joiners, bidi controls, soft hyphen, BOM), every Unicode space but the
 * plain one (no-break, thin, ideographic...), line and paragraph separators, default-ignorable
 * code points (variation selectors, Hangul fillers...), surrogates, private use and unassigned.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/u;

const LOCAL_PART = /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** The result of checking a typed e-mail: the address trimmed, or why it is refused. */
export type EmailCheck =
  { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string };

function refuse(problem: EmailProblem): EmailCheck {
  return { ok: false, problem, message: EMAIL_MESSAGES[problem] };
}

/**
 * Checks a typed e-mail against the store's rule (see the top of this file). The address comes
 * back trimmed of surrounding spaces, its case kept: callers that compare addresses lower-case
 * them (and per-shopper limits go further: emailIdentityKey).
 */
export function checkEmail(input: string): EmailCheck {
  const email = input.replace(SURROUNDING_SPACE, '');
  if (email === '') return refuse('EMPTY');
  if (INVISIBLE.test(email)) return refuse('INVISIBLE_CHARACTER');
  if (email.length > EMAIL_MAX_LENGTH) return refuse('TOO_LONG');
  if (email.includes('"')) return refuse('QUOTED');
  const at = email.lastIndexOf('@');
  if (at <= 0) return refuse('SHAPE');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return refuse('SHAPE');
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) {
    return refuse('SHAPE');
  }
  if (!TOP_LABEL.test(labels[labels.length - 1]!)) return refuse('SHAPE');
  return { ok: true, email };
}

/** True when checkEmail accepts the text. */
export function isValidEmail(input: string): boolean {
  return checkEmail(input).ok;
}

/**
 * The e-mail a shopper types to find an order (tracking, a return's request): checkEmail's
 * address lower-cased, as the checkout stores it; a non-text is an empty one.
 */
export function checkCustomerEmail(input: unknown): EmailCheck {
  const checked = checkEmail(typeof input === 'string' ? input : '');
  return checked.ok ? { ok: true, email: checked.email.toLowerCase() } : checked;
}
