// The product CSV on the browser's side: the template to download, what file may be sent (the page
// uploads it as it is to POST /admin/imports/products), a file as base64 (the Pix statement
// import's productImportCreate-style mutation), and what each status and outcome is called.
import { PRODUCT_CSV_COLUMNS } from '@vitrine/rules';

import type { ProductImportRowOutcome, ProductImportStatus } from './ProductsImportScreen.graphql';

/** The header the products export writes and the import reads, in this order. */
export const PRODUCT_IMPORT_HEADER = PRODUCT_CSV_COLUMNS.join(';');

const EXAMPLE_ROW = [
  'camiseta-basica-algodao',
  'Camiseta básica de algodão',
  'Aurora',
  'Camisetas',
  'Camiseta de algodão orgânico, **macia** e fresca.',
  'sim',
  'não',
  'Camiseta básica de algodão | Aurora',
  'Camiseta de algodão orgânico em várias cores.',
  'AUR-CAM-001-M',
  'M',
  'Branco',
  '89,90',
  '109,90',
  '12',
  '180',
  '30',
  '25',
  '2',
  '7891234567895',
  '5',
  '61091000',
  '',
  '0',
  '102',
].join(';');

/** The template: UTF-8 with a BOM (Excel reads the accents), ';' between columns, CRLF lines. */
export function productImportTemplate(): string {
  return `\uFEFF${PRODUCT_IMPORT_HEADER}\r\n${EXAMPLE_ROW}\r\n`;
}

export const TEMPLATE_FILE_NAME = 'modelo-importacao-produtos.csv';

/** The largest file the page sends (the server's limit for an upload: it reads it as a stream). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** Where the page uploads the file (the body is the file, Content-Type text/csv). */
export const IMPORT_UPLOAD_PATH = '/admin/imports/products';

/** Why a chosen file cannot be sent, or null. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) {
    return 'Escolha um arquivo .csv (no Excel: Salvar como › CSV).';
  }
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > MAX_IMPORT_BYTES) return 'O arquivo deve ter no máximo 100 MB.';
  return null;
}

/** The bytes as base64, a slice at a time (one String.fromCharCode call per slice). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}

export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

export const STATUS_LABELS: Record<ProductImportStatus, string> = {
  PREVIEWING: 'Lendo o arquivo',
  READY: 'Prévia pronta',
  APPLYING: 'Aplicando',
  APPLIED: 'Aplicada',
  FAILED: 'Falhou',
  DISCARDED: 'Descartada',
};

export const STATUS_COLORS: Record<
  ProductImportStatus,
  'default' | 'primary' | 'success' | 'error' | 'warning'
> = {
  PREVIEWING: 'primary',
  READY: 'warning',
  APPLYING: 'primary',
  APPLIED: 'success',
  FAILED: 'error',
  DISCARDED: 'default',
};

export const OUTCOME_LABELS: Record<ProductImportRowOutcome, string> = {
  CREATE: 'A criar',
  UPDATE: 'A atualizar',
  UNCHANGED: 'Sem mudança',
  REFUSED: 'Recusadas',
};

/** Statuses the server is still working on: the page asks again until they change. */
export function isWorking(status: ProductImportStatus): boolean {
  return status === 'PREVIEWING' || status === 'APPLYING';
}

/** 0 to 100: rows applied of the file's rows. */
export function appliedPercent(appliedRows: number, totalRows: number): number {
  if (totalRows <= 0) return 0;
  return Math.min(100, Math.round((appliedRows / totalRows) * 100));
}
