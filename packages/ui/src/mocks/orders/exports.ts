// MSW handlers for the orders CSV export (the server's POST /admin/exports/orders, then the
// single-use ticket URL it answers, which streams the file).
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import { isLiveMockToken } from '../auth/jwt';

export const ORDERS_EXPORT_URL = '*/admin/exports/orders';
export const ORDERS_EXPORT_FILE_URL = '*/admin/exports/orders.csv';
export const PRODUCTS_EXPORT_URL = '*/admin/exports/products';
export const PRODUCTS_EXPORT_FILE_URL = '*/admin/exports/products.csv';
export const AUDIT_EXPORT_URL = '*/admin/exports/audit';
export const AUDIT_EXPORT_FILE_URL = '*/admin/exports/audit.csv';
export const MOCK_EXPORT_TICKET = 'ticket-de-teste';

/** The body the export was last asked with (tests read it: the grid's filter and sort). */
export const lastExportRequest: { body: unknown } = { body: null };

function authorized(request: Request): boolean {
  const token = request.headers.get('Authorization')?.match(/^Bearer (.+)$/)?.[1];
  return token !== undefined && isLiveMockToken(token, 'access');
}

export const exportsHandlers: HttpHandler[] = [
  http.post(ORDERS_EXPORT_URL, async ({ request }) => {
    if (!authorized(request)) {
      return HttpResponse.json(
        { detail: 'Autenticação necessária. Entre novamente.' },
        { status: 401 },
      );
    }
    lastExportRequest.body = await request.json().catch(() => null);
    return HttpResponse.json({
      url: `/admin/exports/orders.csv?ticket=${MOCK_EXPORT_TICKET}`,
      expiresInSeconds: 60,
    });
  }),
  http.get(ORDERS_EXPORT_FILE_URL, ({ request }) => {
    if (new URL(request.url).searchParams.get('ticket') !== MOCK_EXPORT_TICKET) {
      return HttpResponse.json(
        { detail: 'Link de exportação inválido ou expirado.' },
        { status: 404 },
      );
    }
    const csv =
      '\ufeffPedido;Data;Hora;Cliente;Total\r\nVT-10030;10/03/2026;11:54;Maria Oliveira;79,90\r\n';
    return new HttpResponse(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="pedidos-2026-03-10.csv"',
      },
    });
  }),
];

// The products export (POST /admin/exports/products with the grid's filter): the same ticket flow.
exportsHandlers.push(
  http.post(PRODUCTS_EXPORT_URL, async ({ request }) => {
    if (!authorized(request)) {
      return HttpResponse.json(
        { detail: 'Autenticação necessária. Entre novamente.' },
        { status: 401 },
      );
    }
    lastExportRequest.body = await request.json().catch(() => null);
    return HttpResponse.json({
      url: `/admin/exports/products.csv?ticket=${MOCK_EXPORT_TICKET}`,
      expiresInSeconds: 60,
    });
  }),
  http.get(PRODUCTS_EXPORT_FILE_URL, ({ request }) => {
    if (new URL(request.url).searchParams.get('ticket') !== MOCK_EXPORT_TICKET) {
      return HttpResponse.json(
        { detail: 'Link de exportação inválido ou expirado.' },
        { status: 404 },
      );
    }
    const csv =
      '\ufeffproduto;nome;sku;preco;estoque\r\ncamiseta-basica-algodao;Camiseta básica;AUR-1-BRA-P;79,90;12\r\n';
    return new HttpResponse(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="produtos-2026-03-10.csv"',
      },
    });
  }),
);

// The audit log export (POST /admin/exports/audit with the screen's filter; ADMIN): the same
// ticket flow.
exportsHandlers.push(
  http.post(AUDIT_EXPORT_URL, async ({ request }) => {
    if (!authorized(request)) {
      return HttpResponse.json(
        { detail: 'Autenticação necessária. Entre novamente.' },
        { status: 401 },
      );
    }
    lastExportRequest.body = await request.json().catch(() => null);
    return HttpResponse.json({
      url: `/admin/exports/audit.csv?ticket=${MOCK_EXPORT_TICKET}`,
      expiresInSeconds: 60,
    });
  }),
  http.get(AUDIT_EXPORT_FILE_URL, ({ request }) => {
    if (new URL(request.url).searchParams.get('ticket') !== MOCK_EXPORT_TICKET) {
      return HttpResponse.json(
        { detail: 'Link de exportação inválido ou expirado.' },
        { status: 404 },
      );
    }
    const csv =
      '\ufeffData;Hora;Pessoa;E-mail;Ação;Objeto;Resumo;IP\r\n10/03/2026;11:56;Ana Souza;admin@vitrine.com.br;product.save;Camiseta básica de algodão;Preço alterado;200.148.12.34\r\n';
    return new HttpResponse(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="auditoria-2026-03-10.csv"',
      },
    });
  }),
);

/** The audit export fails on the server (a 500 with the API's message). */
export function auditExportFailing(detail = 'Não foi possível gerar a exportação.'): HttpHandler[] {
  return [
    http.post(AUDIT_EXPORT_URL, async () => {
      await delay(50);
      return HttpResponse.json({ detail }, { status: 500 });
    }),
  ];
}

/** The export fails on the server (a 500 with the API's message). */
export function exportsFailing(detail = 'Não foi possível gerar a exportação.'): HttpHandler[] {
  return [
    http.post(ORDERS_EXPORT_URL, async () => {
      await delay(50);
      return HttpResponse.json({ detail }, { status: 500 });
    }),
  ];
}

// The labels' PDFs (GET /admin/labels/{id}.pdf, /admin/label-batches/{id}.pdf with the staff's
// token): a one-page PDF standing for the carrier's label.
const LABEL_PDF = [
  '%PDF-1.4',
  '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 283 425]>>endobj',
  'trailer<</Root 1 0 R>>',
  '%%EOF',
].join('\n');

exportsHandlers.push(
  http.get('*/admin/labels/:file', ({ request }) => labelPdf(request)),
  http.get('*/admin/label-batches/:file', ({ request }) => labelPdf(request)),
);

function labelPdf(request: Request) {
  if (!authorized(request)) {
    return HttpResponse.json({ detail: 'Faça login para continuar.' }, { status: 401 });
  }
  return new HttpResponse(LABEL_PDF, { headers: { 'Content-Type': 'application/pdf' } });
}
