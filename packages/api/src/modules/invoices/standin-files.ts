// The stand-in's DANFE (a one-page PDF with what a DANFE shows: the chave de acesso, the issuer,
// the addressee, the items and the totals; "SEM VALOR FISCAL" in homologação) and the authorised
// XML (nfeProc with the fields the stand-in knows). Not SEFAZ's layout to the letter: enough for
// the store to store, serve and link them.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

type Json = Record<string, unknown>;

export interface StandinNfeFacts {
  ref: string;
  accessKey: string;
  protocol: string;
  authorizedAt: Date;
  environment: 'homologacao' | 'producao';
  body: Json;
}

/** WinAnsi (the standard fonts) has no glyph for some characters: replace them. */
function printable(text: string): string {
  return text.replace(/[–—]/g, '-').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

const brl = (value: unknown) =>
  `R$ ${Number(value ?? 0).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function danfePdf(facts: StandinNfeFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`DANFE ${facts.accessKey}`);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const line = (text: string, size = 10, strong = false) => {
    page.drawText(printable(text).slice(0, 110), { x: 40, y, size, font: strong ? bold : font });
    y -= size + 6;
  };
  const b = facts.body;
  line('DANFE - Documento Auxiliar da Nota Fiscal Eletronica', 14, true);
  if (facts.environment === 'homologacao') {
    page.drawText('SEM VALOR FISCAL - HOMOLOGACAO', {
      x: 140,
      y: 420,
      size: 28,
      font: bold,
      color: rgb(0.85, 0.2, 0.2),
      opacity: 0.4,
    });
  }
  line(`NF-e no ${String(b.numero)} - Serie ${String(b.serie)} - 1 - Saida`);
  line(`Chave de acesso: ${facts.accessKey.replace(/(\d{4})(?=\d)/g, '$1 ')}`, 10, true);
  line(`Protocolo de autorizacao: ${facts.protocol} - ${facts.authorizedAt.toISOString()}`);
  line(`Natureza da operacao: ${String(b.natureza_operacao)}`);
  y -= 6;
  line('Emitente', 11, true);
  line(
    `${String(b.nome_emitente)} - CNPJ ${String(b.cnpj_emitente)} - IE ${String(b.inscricao_estadual_emitente)}`,
  );
  line(
    `${String(b.logradouro_emitente)}, ${String(b.numero_emitente)} - ${String(b.bairro_emitente)} - ${String(b.municipio_emitente)}/${String(b.uf_emitente)}`,
  );
  y -= 6;
  line('Destinatario', 11, true);
  line(`${String(b.nome_destinatario)} - CPF ${String(b.cpf_destinatario)}`);
  line(
    `${String(b.logradouro_destinatario)}, ${String(b.numero_destinatario)} - ${String(b.bairro_destinatario)} - ${String(b.municipio_destinatario)}/${String(b.uf_destinatario)}`,
  );
  y -= 6;
  line('Produtos', 11, true);
  for (const item of (b.items as Json[]) ?? []) {
    line(
      `${String(item.numero_item)}. ${String(item.descricao)} - NCM ${String(item.codigo_ncm)} - CFOP ${String(item.cfop)} - ${String(item.quantidade_comercial)} x ${brl(item.valor_unitario_comercial)} = ${brl(item.valor_bruto)}`,
      9,
    );
    if (y < 120) break;
  }
  y -= 6;
  line(
    `Produtos ${brl(b.valor_produtos)} - Desconto ${brl(b.valor_desconto)} - Frete ${brl(b.valor_frete)} - Outras ${brl(b.valor_outras_despesas)}`,
  );
  line(`Valor total da nota: ${brl(b.valor_total)}`, 12, true);
  if (b.cbs_valor_total !== undefined) {
    line(`IBS ${brl(b.ibs_valor_total)} - CBS ${brl(b.cbs_valor_total)}`);
  }
  return pdf.save();
}

const escapeXml = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function nfeXml(facts: StandinNfeFacts): string {
  const b = facts.body;
  const items = ((b.items as Json[]) ?? [])
    .map(
      (item) =>
        `<det nItem="${escapeXml(item.numero_item)}"><prod><cProd>${escapeXml(item.codigo_produto)}</cProd><xProd>${escapeXml(item.descricao)}</xProd><NCM>${escapeXml(item.codigo_ncm)}</NCM><CFOP>${escapeXml(item.cfop)}</CFOP><qCom>${escapeXml(item.quantidade_comercial)}</qCom><vUnCom>${escapeXml(item.valor_unitario_comercial)}</vUnCom><vProd>${escapeXml(item.valor_bruto)}</vProd></prod></det>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${facts.accessKey}" versao="4.00"><ide><natOp>${escapeXml(b.natureza_operacao)}</natOp><mod>55</mod><serie>${escapeXml(b.serie)}</serie><nNF>${escapeXml(b.numero)}</nNF><dhEmi>${escapeXml(b.data_emissao)}</dhEmi><tpAmb>${facts.environment === 'producao' ? 1 : 2}</tpAmb></ide><emit><CNPJ>${escapeXml(b.cnpj_emitente)}</CNPJ><xNome>${escapeXml(b.nome_emitente)}</xNome><IE>${escapeXml(b.inscricao_estadual_emitente)}</IE><CRT>${escapeXml(b.regime_tributario_emitente)}</CRT></emit><dest><CPF>${escapeXml(b.cpf_destinatario)}</CPF><xNome>${escapeXml(b.nome_destinatario)}</xNome></dest>${items}<total><ICMSTot><vProd>${escapeXml(b.valor_produtos)}</vProd><vFrete>${escapeXml(b.valor_frete)}</vFrete><vDesc>${escapeXml(b.valor_desconto)}</vDesc><vOutro>${escapeXml(b.valor_outras_despesas)}</vOutro><vNF>${escapeXml(b.valor_total)}</vNF></ICMSTot></total></infNFe></NFe><protNFe versao="4.00"><infProt><chNFe>${facts.accessKey}</chNFe><dhRecbto>${facts.authorizedAt.toISOString()}</dhRecbto><nProt>${facts.protocol}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
}

/** The chave de acesso: cUF, AAMM, CNPJ, modelo 55, série, número, tpEmis 1, cNF, and its DV. */
export function accessKeyOf(input: {
  ufCode: string;
  at: Date;
  cnpj: string;
  series: number;
  number: number;
  code: number;
}): string {
  const yymm = `${String(input.at.getUTCFullYear() % 100).padStart(2, '0')}${String(input.at.getUTCMonth() + 1).padStart(2, '0')}`;
  const base = `${input.ufCode}${yymm}${input.cnpj}55${String(input.series).padStart(3, '0')}${String(input.number).padStart(9, '0')}1${String(input.code).padStart(8, '0')}`;
  let weight = 2;
  let sum = 0;
  for (let i = base.length - 1; i >= 0; i -= 1) {
    sum += Number(base[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  const dv = rest < 2 ? 0 : 11 - rest;
  return `${base}${dv}`;
}
