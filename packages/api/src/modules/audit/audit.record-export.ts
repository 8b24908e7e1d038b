// The audit log's entry of a CSV export (orders, products, the audit log itself): who downloaded
// which filter and how many rows, written when the file has been streamed, in one transaction
// with the ticket's row count.
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { auditActorOfRequest, recordAudit } from './audit';

export type ExportKind = 'orders' | 'products' | 'audit';

const WHAT: Record<ExportKind, { label: string; noun: string }> = {
  orders: { label: 'Pedidos (CSV)', noun: 'pedidos' },
  products: { label: 'Produtos (CSV)', noun: 'produtos' },
  audit: { label: 'Auditoria (CSV)', noun: 'registros de auditoria' },
};

/** Only the filter's values that were set (null, '' and absent ones say nothing). */
function setValues(filter: unknown): Record<string, unknown> {
  if (!filter || typeof filter !== 'object') return {};
  return Object.fromEntries(
    Object.entries(filter as Record<string, unknown>).filter(
      ([, value]) => value !== null && value !== undefined && value !== '',
    ),
  );
}

/**
 * Records the finished export `kind` for `principal` (from the download request's address and
 * browser) with its filter and row count; `alsoInTx` writes the ticket's row count in the same
 * transaction.
 */
export async function recordExportDone(
  db: Database,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  principal: StaffPrincipal,
  kind: ExportKind,
  details: { filter: unknown; sort?: string | null; rows: number },
  alsoInTx: (tx: Executor) => Promise<void>,
): Promise<void> {
  const filter = setValues(details.filter);
  const brandId = typeof filter.brandId === 'string' ? filter.brandId : null;
  await db.transaction(async (tx) => {
    await alsoInTx(tx);
    await recordAudit(tx, auditActorOfRequest(request, principal), {
      action: `export.${kind}`,
      entity: 'EXPORT',
      entityLabel: WHAT[kind].label,
      // A BRAND_MANAGER only ever exports within their brands; otherwise the brand filtered on.
      brandIds: principal.role === 'BRAND_MANAGER' ? principal.brandIds : brandId ? [brandId] : [],
      summary: `Exportação de ${WHAT[kind].noun}: ${details.rows} ${details.rows === 1 ? 'linha' : 'linhas'}${Object.keys(filter).length > 0 ? ', com filtro' : ''}`,
      after: {
        filter,
        ...(details.sort ? { sort: details.sort } : {}),
        rows: details.rows,
      },
    });
  });
}
