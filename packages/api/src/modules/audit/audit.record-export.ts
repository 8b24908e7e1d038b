// The audit log's entry of a CSV export (orders, products, the audit log itself): who downloaded
// which filter and how many rows, written when the file has been streamed, in one transaction
// with the ticket's row count. The search of an orders or audit export is kept as its kind only
// (lib/export-search.ts: busca por CPF, por e-mail...), never the words: the log outlives an LGPD
// anonymisation and every ADMIN reads it. A products export's search is catalog words and stays.
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { auditedFilter } from '../../lib/export-search';
import { auditActorOfRequest, recordAudit } from './audit';

export type ExportKind = 'orders' | 'products' | 'audit';

const WHAT: Record<ExportKind, { label: string; noun: string }> = {
  orders: { label: 'Pedidos (CSV)', noun: 'pedidos' },
  products: { label: 'Produtos (CSV)', noun: 'produtos' },
  audit: { label: 'Auditoria (CSV)', noun: 'registros de auditoria' },
};

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
  const { filter, searchLabel } = auditedFilter(details.filter, {
    keepSearchWords: kind === 'products',
  });
  const filtered =
    Object.keys(filter).length === 0 ? '' : `, com filtro${searchLabel ? ` (${searchLabel})` : ''}`;
  const brandId = typeof filter.brandId === 'string' ? filter.brandId : null;
  await db.transaction(async (tx) => {
    await alsoInTx(tx);
    await recordAudit(tx, auditActorOfRequest(request, principal), {
      action: `export.${kind}`,
      entity: 'EXPORT',
      entityLabel: WHAT[kind].label,
      // A BRAND_MANAGER only ever exports within their brands; otherwise the brand filtered on.
      brandIds: principal.role === 'BRAND_MANAGER' ? principal.brandIds : brandId ? [brandId] : [],
      summary: `Exportação de ${WHAT[kind].noun}: ${details.rows} ${details.rows === 1 ? 'linha' : 'linhas'}${filtered}`,
      after: {
        filter,
        ...(details.sort ? { sort: details.sort } : {}),
        rows: details.rows,
      },
    });
  });
}
