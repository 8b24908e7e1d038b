// What the stand-in checks of an NF-e's JSON, as Focus NFe and SEFAZ do: first the schema (required
// fields and formats: a 422 requisicao_invalida with each field's message, nothing is processed),
// then SEFAZ's rules (totals that add up, the CFOP against the destination, the IBS/CBS group the
// CRT requires), which reject the invoice after processing (erro_autorizacao with a SEFAZ-style
// code and its message in Portuguese). The codes follow SEFAZ's table where one exists; the IBS/CBS
// ones are the stand-in's own (documented in docs/api/nfe.md).
import { CSOSN_CODES, CST_ICMS_CODES } from '@vitrine/rules';

export interface FieldError {
  campo: string;
  mensagem: string;
}

export interface SefazRejection {
  code: string;
  message: string;
}

type Json = Record<string, unknown>;

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function required(
  body: Json,
  field: string,
  errors: FieldError[],
  pattern?: RegExp,
  what?: string,
) {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    errors.push({ campo: field, mensagem: `${field} é obrigatório.` });
    return;
  }
  if (pattern && !pattern.test(String(value))) {
    errors.push({ campo: field, mensagem: `${field} inválido${what ? `: ${what}` : ''}.` });
  }
}

const HEADER_FIELDS: [string, RegExp?, string?][] = [
  ['natureza_operacao', /^.{1,60}$/],
  [
    'data_emissao',
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/,
    'data com fuso, AAAA-MM-DDThh:mm:ss-03:00',
  ],
  ['tipo_documento', /^[01]$/],
  ['local_destino', /^[123]$/],
  ['finalidade_emissao', /^[1-4]$/],
  ['consumidor_final', /^[01]$/],
  ['presenca_comprador', /^[0-9]$/],
  ['serie', /^\d{1,3}$/],
  ['numero', /^[1-9]\d{0,8}$/],
  ['cnpj_emitente', /^\d{14}$/, '14 dígitos'],
  ['nome_emitente'],
  ['logradouro_emitente'],
  ['numero_emitente'],
  ['bairro_emitente'],
  ['municipio_emitente'],
  ['uf_emitente', /^[A-Z]{2}$/],
  ['cep_emitente', /^\d{8}$/],
  ['inscricao_estadual_emitente', /^(\d{2,14}|ISENTO)$/],
  ['regime_tributario_emitente', /^[123]$/],
  ['nome_destinatario'],
  ['cpf_destinatario', /^\d{11}$/, '11 dígitos'],
  ['indicador_inscricao_estadual_destinatario', /^[129]$/],
  ['logradouro_destinatario'],
  ['numero_destinatario'],
  ['bairro_destinatario'],
  ['municipio_destinatario'],
  ['uf_destinatario', /^[A-Z]{2}$/],
  ['cep_destinatario', /^\d{8}$/],
  ['modalidade_frete', /^[0-49]$/],
  ['valor_produtos'],
  ['valor_total'],
];

function itemErrors(item: Json, index: number, crt: number, errors: FieldError[]): void {
  const at = (field: string) => `items[${index}].${field}`;
  const check = (field: string, pattern: RegExp, message: string) => {
    const value = item[field];
    if (value === undefined || value === null || value === '') {
      errors.push({ campo: at(field), mensagem: `${field} é obrigatório.` });
    } else if (!pattern.test(String(value))) {
      errors.push({ campo: at(field), mensagem: message });
    }
  };
  check('numero_item', /^\d{1,3}$/, 'numero_item inválido.');
  check('codigo_produto', /^.{1,60}$/, 'codigo_produto inválido.');
  check('descricao', /^.{1,120}$/, 'descricao: de 1 a 120 caracteres.');
  check('codigo_ncm', /^\d{8}$/, 'codigo_ncm: o NCM tem 8 dígitos.');
  check('cfop', /^[1-7]\d{3}$/, 'cfop: 4 dígitos, o primeiro de 1 a 7.');
  check('quantidade_comercial', /^\d+(\.\d{1,4})?$/, 'quantidade_comercial inválida.');
  check('valor_unitario_comercial', /^\d+(\.\d{1,10})?$/, 'valor_unitario_comercial inválido.');
  check('valor_bruto', /^\d+(\.\d{1,2})?$/, 'valor_bruto inválido.');
  check('icms_origem', /^[0-8]$/, 'icms_origem: de 0 a 8.');
  const codes: readonly string[] = crt === 3 ? CST_ICMS_CODES : CSOSN_CODES;
  check(
    'icms_situacao_tributaria',
    new RegExp(`^(${codes.join('|')})$`),
    crt === 3
      ? 'icms_situacao_tributaria: CST do ICMS inválido para o regime normal (CRT 3).'
      : 'icms_situacao_tributaria: CSOSN inválido para o Simples Nacional (CRT 1 e 2).',
  );
  check('pis_situacao_tributaria', /^\d{2}$/, 'pis_situacao_tributaria: CST de 2 dígitos.');
  check('cofins_situacao_tributaria', /^\d{2}$/, 'cofins_situacao_tributaria: CST de 2 dígitos.');
  if (item.cest !== undefined && !/^\d{7}$/.test(String(item.cest))) {
    errors.push({ campo: at('cest'), mensagem: 'cest: 7 dígitos.' });
  }
  if (item.ibs_cbs_situacao_tributaria !== undefined) {
    check(
      'ibs_cbs_situacao_tributaria',
      /^\d{3}$/,
      'ibs_cbs_situacao_tributaria: CST de 3 dígitos.',
    );
    check(
      'ibs_cbs_classificacao_tributaria',
      /^\d{6}$/,
      'ibs_cbs_classificacao_tributaria: 6 dígitos.',
    );
    for (const field of [
      'ibs_cbs_base_calculo',
      'ibs_uf_aliquota',
      'ibs_uf_valor',
      'ibs_mun_aliquota',
      'ibs_mun_valor',
      'cbs_aliquota',
      'cbs_valor',
    ]) {
      if (typeof item[field] !== 'number') {
        errors.push({ campo: at(field), mensagem: `${field} é obrigatório no grupo IBS/CBS.` });
      }
    }
  }
}

/** The schema's errors (a 422 from the provider); [] when the JSON is well formed. */
export function schemaErrors(body: unknown): FieldError[] {
  if (!isRecord(body)) return [{ campo: 'nfe', mensagem: 'O corpo deve ser um objeto JSON.' }];
  const errors: FieldError[] = [];
  for (const [field, pattern, what] of HEADER_FIELDS) required(body, field, errors, pattern, what);
  const crt = Number(body.regime_tributario_emitente);
  if (Number(body.finalidade_emissao) === 4) {
    // A devolução names the NF-e it returns (NFref/refNFe), as an array.
    const refs = body.notas_referenciadas;
    if (!Array.isArray(refs) || refs.length === 0) {
      errors.push({
        campo: 'notas_referenciadas',
        mensagem: 'notas_referenciadas é obrigatório na NF-e de devolução (finalidade 4).',
      });
    } else if (!refs.every((ref) => isRecord(ref) && /^\d{44}$/.test(String(ref.chave_nfe)))) {
      errors.push({
        campo: 'notas_referenciadas',
        mensagem: 'notas_referenciadas: cada nota com a chave_nfe de 44 dígitos.',
      });
    }
  }
  if (!Array.isArray(body.items) || body.items.length === 0) {
    errors.push({ campo: 'items', mensagem: 'A nota precisa de ao menos um item.' });
  } else {
    body.items.forEach((item, index) => {
      if (isRecord(item)) itemErrors(item, index, crt, errors);
      else errors.push({ campo: `items[${index}]`, mensagem: 'Item inválido.' });
    });
  }
  return errors;
}

function totalsRejection(body: Json, items: Json[]): SefazRejection | null {
  const sum = (field: string) => items.reduce((s, item) => s + (cents(item[field]) ?? 0), 0);
  for (const item of items) {
    const quantity = Number(item.quantidade_comercial);
    const unit = cents(item.valor_unitario_comercial) ?? 0;
    if (Math.abs(Math.round(quantity * unit) - (cents(item.valor_bruto) ?? 0)) > 1) {
      return {
        code: '629',
        message:
          'Rejeição: Valor do Produto difere do produto Valor Unitário de Comercialização e Quantidade Comercial',
      };
    }
  }
  if (sum('valor_bruto') !== cents(body.valor_produtos)) {
    return {
      code: '564',
      message: 'Rejeição: Total do Produto / Serviço difere do somatório dos itens',
    };
  }
  if (sum('valor_desconto') !== (cents(body.valor_desconto) ?? 0)) {
    return { code: '536', message: 'Rejeição: Total do Desconto difere do somatório dos itens' };
  }
  if (sum('valor_frete') !== (cents(body.valor_frete) ?? 0)) {
    return { code: '535', message: 'Rejeição: Total do Frete difere do somatório dos itens' };
  }
  if (sum('valor_outras_despesas') !== (cents(body.valor_outras_despesas) ?? 0)) {
    return {
      code: '537',
      message: 'Rejeição: Total de Outras Despesas difere do somatório dos itens',
    };
  }
  const total =
    (cents(body.valor_produtos) ?? 0) -
    (cents(body.valor_desconto) ?? 0) +
    (cents(body.valor_frete) ?? 0) +
    (cents(body.valor_outras_despesas) ?? 0);
  if (total !== cents(body.valor_total)) {
    return {
      code: '610',
      message: 'Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF',
    };
  }
  const payments = Array.isArray(body.formas_pagamento) ? body.formas_pagamento : [];
  if (Number(body.finalidade_emissao) === 4) {
    // A devolução has no payment: tPag 90 (sem pagamento).
    const without = payments.every((p) => isRecord(p) && String(p.forma_pagamento) === '90');
    if (payments.length === 0 || !without) {
      return {
        code: '871',
        message:
          'Rejeição: O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento',
      };
    }
    return null;
  }
  const paid = payments.reduce(
    (s: number, p) => s + (isRecord(p) ? (cents(p.valor_pagamento) ?? 0) : 0),
    0,
  );
  if (payments.length > 0 && paid < total) {
    return {
      code: '866',
      message:
        'Rejeição: Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota',
    };
  }
  return null;
}

function reformRejection(body: Json, items: Json[]): SefazRejection | null {
  const crt = Number(body.regime_tributario_emitente);
  const withGroup = items.filter((item) => item.ibs_cbs_situacao_tributaria !== undefined);
  if (crt !== 1 && withGroup.length < items.length) {
    return {
      code: '1001',
      message: 'Rejeição: Grupo IBSCBS obrigatório para o CRT do emitente não informado no item',
    };
  }
  for (const item of withGroup) {
    const base = cents(item.ibs_cbs_base_calculo) ?? 0;
    for (const [rate, value] of [
      ['ibs_uf_aliquota', 'ibs_uf_valor'],
      ['ibs_mun_aliquota', 'ibs_mun_valor'],
      ['cbs_aliquota', 'cbs_valor'],
    ] as const) {
      const expected = Math.round((base * Number(item[rate])) / 100);
      if (Math.abs(expected - (cents(item[value]) ?? 0)) > 1) {
        return {
          code: '1002',
          message: `Rejeição: Valor do IBS/CBS (${value}) difere da base de cálculo vezes a alíquota`,
        };
      }
    }
  }
  if (withGroup.length > 0 && body.cbs_valor_total !== undefined) {
    const sum = withGroup.reduce((s, item) => s + (cents(item.cbs_valor) ?? 0), 0);
    if (sum !== cents(body.cbs_valor_total)) {
      return { code: '1003', message: 'Rejeição: Total da CBS difere do somatório dos itens' };
    }
  }
  return null;
}

/** SEFAZ's rejection of a well-formed NF-e; null when it would be authorised. */
export function sefazRejection(body: Json): SefazRejection | null {
  const items = (body.items as Json[]) ?? [];
  const inside = body.uf_emitente === body.uf_destinatario;
  if (Number(body.local_destino) === 1 && !inside) {
    return {
      code: '524',
      message: 'Rejeição: Operação interna com UF do destinatário diferente da UF do emitente',
    };
  }
  const entry = Number(body.tipo_documento) === 0;
  for (const item of items) {
    const cfop = String(item.cfop);
    // Entradas take CFOPs 1, 2 or 3; saídas 5, 6 or 7.
    if (entry && !/^[123]/.test(cfop)) {
      return { code: '519', message: 'Rejeição: CFOP de saída para NF-e de entrada' };
    }
    if (!entry && !/^[567]/.test(cfop)) {
      return { code: '518', message: 'Rejeição: CFOP de entrada para NF-e de saída' };
    }
    if (inside && /^[26]/.test(cfop)) {
      return {
        code: '524',
        message: 'Rejeição: CFOP de operação interestadual e UF de destino igual à UF do emitente',
      };
    }
    if (!inside && /^[15]/.test(cfop)) {
      return {
        code: '523',
        message: 'Rejeição: CFOP de operação estadual e UF de destino diferente da UF do emitente',
      };
    }
  }
  return totalsRejection(body, items) ?? reformRejection(body, items);
}
