// The batch's one file to print: every label bought, then (while the store issues no NF-e) each
// parcel's declaração de conteúdo on an A4 page of its own, in the Correios' model: sender,
// addressee, the goods (content, quantity, value), totals and weight, the declaration and a
// place to sign.
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../lib/lazy-modules';
import type { LabelParty } from '../shipping/carriers/labels';

export interface ContentDeclaration {
  orderNumber: string;
  from: LabelParty;
  to: LabelParty;
  items: Array<{ description: string; quantity: number; unitValueCents: number }>;
  weightGrams: number;
  /** 'São Paulo, 12 de março de 2026'. */
  placeAndDate: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

const DECLARATION_TEXT =
  'Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei ' +
  'Complementar nº 87/1996, uma vez que não realizo, com habitualidade ou em volume que ' +
  'caracterize intuito comercial, operações de circulação de mercadoria, ainda que se iniciem no ' +
  'exterior, ou estou dispensado da emissão da nota fiscal por força da legislação tributária ' +
  'vigente, responsabilizando-me, nos termos da lei e a quem de direito, por informações ' +
  'inverídicas. Declaro ainda que não estou postando conteúdo inflamável, explosivo, causador de ' +
  'combustão espontânea, tóxico, corrosivo, gás ou qualquer outro conteúdo que constitua perigo, ' +
  'conforme o art. 13 da Lei Postal nº 6.538/78.';

/** One PDF of many, pages in order; inputs that are not PDFs are an error (never skipped). */
export async function mergePdfs(files: readonly Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const merged = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(file);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

/** Characters the standard fonts cannot draw (WinAnsi) become '?', never an exception. */
function drawable(font: PDFFont, text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\s/g, ' ');

function formatDocument(digits: string | null): string {
  if (!digits) return '—';
  if (digits.length === 11) return digits.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (digits.length === 14)
    return digits.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return digits;
}

class Writer {
  y = A4[1] - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(value: string, options: { size?: number; bold?: boolean; x?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    this.page.drawText(drawable(font, value), { x: options.x ?? MARGIN, y: this.y, size, font });
  }

  line(
    value: string,
    options: { size?: number; bold?: boolean; gap?: number; x?: number } = {},
  ): void {
    this.text(value, options);
    this.y -= (options.size ?? 10) + (options.gap ?? 4);
  }

  paragraph(value: string, size = 9): void {
    for (const line of wrap(this.font, value, size, A4[0] - 2 * MARGIN))
      this.line(line, { size, gap: 3 });
  }

  rule(): void {
    this.y += 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.8,
    });
    this.y -= 12;
  }

  party(title: string, party: LabelParty): void {
    this.line(title, { bold: true, size: 11 });
    this.line(`Nome: ${party.name}`);
    const street = [party.street, party.number, party.complement].filter(Boolean).join(', ');
    this.line(`Endereço: ${street} – ${party.district}`);
    this.line(
      `Cidade/UF: ${party.city}/${party.uf}    CEP: ${party.postalCode.replace(/(\d{5})(\d{3})/, '$1-$2')}`,
    );
    this.line(`CPF/CNPJ: ${formatDocument(party.document)}`, { gap: 10 });
  }
}

/** The declaração de conteúdo of one parcel, as one A4 page added to `pdf`. */
async function addDeclaration(
  pdf: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont },
  declaration: ContentDeclaration,
): Promise<void> {
  const writer = new Writer(pdf.addPage(A4), fonts.regular, fonts.bold);
  writer.line('DECLARAÇÃO DE CONTEÚDO', { size: 16, bold: true, gap: 6 });
  writer.line(`Pedido ${declaration.orderNumber}`, { size: 10, gap: 10 });
  writer.rule();
  writer.party('REMETENTE', declaration.from);
  writer.party('DESTINATÁRIO', declaration.to);
  writer.rule();
  writer.line('IDENTIFICAÇÃO DOS BENS', { bold: true, size: 11 });
  const columns = { item: MARGIN, content: MARGIN + 36, quantity: 400, value: 470 };
  writer.text('Item', { bold: true, x: columns.item });
  writer.text('Conteúdo', { bold: true, x: columns.content });
  writer.text('Quant.', { bold: true, x: columns.quantity });
  writer.line('Valor', { bold: true, x: columns.value });
  let quantity = 0;
  let total = 0;
  declaration.items.forEach((item, index) => {
    const lines = wrap(fonts.regular, item.description, 10, columns.quantity - columns.content - 8);
    writer.text(String(index + 1), { x: columns.item });
    writer.text(String(item.quantity), { x: columns.quantity });
    writer.text(brl(item.unitValueCents * item.quantity), { x: columns.value });
    for (const line of lines) {
      writer.text(line, { x: columns.content });
      writer.y -= 13;
    }
    quantity += item.quantity;
    total += item.unitValueCents * item.quantity;
  });
  writer.y -= 4;
  writer.text('Totais', { bold: true, x: columns.content });
  writer.text(String(quantity), { bold: true, x: columns.quantity });
  writer.line(brl(total), { bold: true, x: columns.value });
  writer.line(
    `Peso total: ${(declaration.weightGrams / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 })} kg`,
    { gap: 10 },
  );
  writer.rule();
  writer.line('DECLARAÇÃO', { bold: true, size: 11 });
  writer.paragraph(DECLARATION_TEXT);
  writer.y -= 24;
  writer.line(declaration.placeAndDate, { gap: 40 });
  writer.line('_______________________________________________', { gap: 2 });
  writer.line('Assinatura do declarante/remetente', { size: 9 });
}

/** The batch's file: the labels' pages first, then one declaration page per parcel. */
export async function batchPdf(
  labels: readonly Uint8Array[],
  declarations: readonly ContentDeclaration[],
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const merged = await PDFDocument.load(await mergePdfs(labels));
  const fonts = {
    regular: await merged.embedFont(StandardFonts.Helvetica),
    bold: await merged.embedFont(StandardFonts.HelveticaBold),
  };
  for (const declaration of declarations) await addDeclaration(merged, fonts, declaration);
  merged.setTitle(`Etiquetas (${labels.length})`);
  merged.setProducer('Vitrine');
  return merged.save();
}
