// The two-factor dialogs' helpers: an account action's refusal, the QR code as an image, the key
// grouped for typing, the recovery codes as a text file, and reading a typed code.

/** What a failed account action says: at a field (e.g. 'code') or above the form. */
export interface AccountActionError {
  field: string | null;
  message: string;
}

export function isAccountActionError(value: unknown): value is AccountActionError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    'field' in value
  );
}

export function actionError(error: unknown): AccountActionError {
  return isAccountActionError(error)
    ? error
    : { field: null, message: 'Não foi possível concluir agora. Tente novamente.' };
}

/** The SVG the server made, as an image: never inserted as markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Códigos de recuperação do painel (${email})`,
    'Cada código funciona uma vez, no lugar do código do aplicativo.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function downloadText(text: string, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A code typed for a check: digits only when it looks like the app's, else a recovery code. */
export function normalizeCode(value: string): string {
  const trimmed = value.trim();
  return /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s/g, '') : trimmed.toLowerCase();
}

export function codeProblem(value: string, allowRecovery: boolean): string | null {
  const code = normalizeCode(value);
  if (code === '') return 'Informe o código.';
  if (/^\d{6}$/.test(code)) return null;
  if (allowRecovery && /^[a-z2-7]{5}-[a-z2-7]{5}$/.test(code)) return null;
  return allowRecovery
    ? 'Digite os 6 dígitos do aplicativo ou um código de recuperação (xxxxx-xxxxx).'
    : 'O código tem 6 dígitos.';
}
