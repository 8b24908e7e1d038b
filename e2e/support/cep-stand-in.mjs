// A ViaCEP stand-in for the end-to-end server (ViaCEP itself cannot be reached from CI): the
// look-up answers for the CEPs below as ViaCEP does, says `{"erro": "true"}` for 00000-000 (a CEP
// that does not exist), and answers 503 for any other, as when the service is down, so the
// journeys that type their address exercise that path. Run by playwright.config.ts.
import http from 'node:http';

export const CEP_ADDRESSES = {
  20040002: {
    cep: '20040-002',
    logradouro: 'Avenida Rio Branco',
    complemento: 'de 1 a 51 - lado ímpar',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    ibge: '3304557',
    ddd: '21',
  },
};

const port = Number(process.env.E2E_CEP_PORT ?? 3101);

const server = http.createServer((request, response) => {
  const match = /^\/ws\/(\d{8})\/json\/?$/.exec(request.url ?? '');
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/healthz') return send(200, { ok: true });
  if (!match) return send(400, { erro: 'true' });
  const cep = match[1];
  if (cep === '00000000') return send(200, { erro: 'true' });
  const address = CEP_ADDRESSES[cep];
  if (!address) return send(503, { message: 'Serviço indisponível (stand-in)' });
  return send(200, address);
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`CEP stand-in on http://127.0.0.1:${port}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close(() => process.exit(0)));
