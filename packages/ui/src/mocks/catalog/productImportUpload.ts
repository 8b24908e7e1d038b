// The product CSV upload (the server's POST /admin/imports/products: the body is the file,
// ?fileName=…, answers 202 {id, status, fileName}). The mock hands the file to the GraphQL mock's
// productImportCreate, so the import lands in the same mock world as the page's later reads (and
// a story or test that replaces the catalog domain replaces the upload's answers too); its
// refusals come back as the server's {detail, field} with the server's status codes.
import { http, HttpResponse, type HttpHandler } from 'msw';

import { bytesToBase64 } from '../../screens/dashboard/ProductsImport/productImportFile';
import { isLiveMockToken } from '../auth/jwt';

export const PRODUCT_IMPORT_UPLOAD_URL = '*/admin/imports/products';

const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

const CREATE = `mutation ProductImportUpload($input: ProductImportInput!) {
  productImportCreate(input: $input) { id status fileName }
}`;

const problem = (status: number, detail: string, field?: string) =>
  HttpResponse.json(field ? { detail, field } : { detail }, { status });

const upload = http.post(PRODUCT_IMPORT_UPLOAD_URL, async ({ request }) => {
  const authorization = request.headers.get('Authorization') ?? '';
  const token = authorization.match(/^Bearer (.+)$/)?.[1];
  if (!token || !isLiveMockToken(token, 'access')) {
    return problem(401, 'Faça login para continuar.');
  }
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.includes(type)) {
    return problem(415, 'Envie o arquivo como o corpo da requisição, com Content-Type text/csv.');
  }
  const fileName = new URL(request.url).searchParams.get('fileName')?.trim() ?? '';
  if (fileName === '') return problem(400, 'Informe o nome do arquivo.', 'fileName');
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return problem(400, 'O arquivo está vazio.');
  const answer = await fetch(new URL('/graphql/', request.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify({
      query: CREATE,
      variables: { input: { fileName, contentBase64: bytesToBase64(bytes) } },
    }),
  });
  const body = (await answer.json()) as {
    data?: { productImportCreate: { id: string; status: string; fileName: string } | null };
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code;
    const status = code === 'FORBIDDEN' ? 403 : code === 'BAD_USER_INPUT' ? 400 : 500;
    const field = error.extensions?.field?.replace(/^input\./, '');
    return problem(status, error.message, field);
  }
  return HttpResponse.json(body.data!.productImportCreate, { status: 202 });
});

export const productImportUploadHandlers: HttpHandler[] = [upload];
