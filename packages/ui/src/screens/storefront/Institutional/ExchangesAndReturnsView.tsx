// '/trocas-e-devolucoes': the right of withdrawal (CDC art. 49), defect exchanges (CDC arts. 18
// and 26), the store's own size/colour exchange, refunds, and how to ask for any of them.
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

import { FormattedText } from '../../../components/FormattedText';
import { storefrontPaths } from '../../../routes/paths';
import { InstitutionalPage, InstitutionalSection } from './InstitutionalPage';
import { whatsappUrl, type StoreContactInfo } from './storeContact';

export interface ExchangesAndReturnsViewProps {
  contact: StoreContactInfo;
  /** The store's own text (formatted text), shown instead of the built-in page; null: built-in. */
  customText?: string | null;
}

const SECTIONS = [
  { id: 'arrependimento', title: 'Desistência da compra em até 7 dias' },
  { id: 'defeito', title: 'Produto com defeito' },
  { id: 'tamanho-ou-cor', title: 'Troca de tamanho ou cor' },
  { id: 'como-solicitar', title: 'Como solicitar' },
  { id: 'reembolso', title: 'Como é feito o reembolso' },
];

export function ExchangesAndReturnsView({ contact, customText }: ExchangesAndReturnsViewProps) {
  if (customText) {
    return (
      <InstitutionalPage title="Trocas e devoluções" summary={null}>
        <FormattedText text={customText} />
      </InstitutionalPage>
    );
  }
  return (
    <InstitutionalPage
      title="Trocas e devoluções"
      summary={
        <p>
          Comprou e não gostou, ou o produto chegou com defeito? Aqui está o que o Código de Defesa
          do Consumidor garante a você e como a {contact.storeName} resolve cada caso, sem
          burocracia.
        </p>
      }
      updatedLabel="Atualizada em 1º de novembro de 2026"
      contents={SECTIONS}
    >
      <InstitutionalSection id="arrependimento" title="Desistência da compra em até 7 dias">
        <p>
          Em compras feitas pela internet, você pode desistir do pedido em até{' '}
          <strong>7 (sete) dias corridos a partir do recebimento</strong> do produto, sem precisar
          explicar o motivo. É o <strong>direito de arrependimento</strong>, previsto no artigo 49
          do Código de Defesa do Consumidor (Lei nº 8.078/1990).
        </p>
        <ul>
          <li>
            Devolvemos <strong>todo o valor pago</strong>, incluindo o frete da entrega.
          </li>
          <li>
            O envio de volta é <strong>por nossa conta</strong>: mandamos um código de postagem para
            você levar o produto a uma agência dos Correios, sem pagar nada.
          </li>
          <li>
            Pedimos que o produto volte com a embalagem, as etiquetas e os acessórios que o
            acompanham, sem sinais de uso além do necessário para conhecê-lo e prová-lo.
          </li>
          <li>
            Basta pedir dentro do prazo: a postagem pode acontecer depois, no prazo indicado com o
            código.
          </li>
        </ul>
      </InstitutionalSection>

      <InstitutionalSection id="defeito" title="Produto com defeito">
        <p>
          Se o produto apresentar defeito (o Código chama de vício), avise-nos dentro destes prazos,
          contados da entrega (artigo 26 do Código de Defesa do Consumidor):
        </p>
        <ul>
          <li>
            <strong>30 dias</strong> para produtos não duráveis;
          </li>
          <li>
            <strong>90 dias</strong> para produtos duráveis, como roupas, calçados, bolsas e
            acessórios.
          </li>
        </ul>
        <p>
          Quando o defeito não é visível de imediato (vício oculto), o prazo começa a contar no dia
          em que ele aparecer. Esses prazos se somam à garantia do fabricante, quando houver.
        </p>
        <p>
          Temos até 30 dias para resolver o problema. Se não for possível, você escolhe (artigo 18
          do Código): a <strong>troca</strong> por outro produto igual em perfeitas condições, a{' '}
          <strong>devolução do valor pago</strong>, corrigido, ou um{' '}
          <strong>abatimento proporcional</strong> do preço. Nos casos de defeito, o frete de ida e
          volta é sempre por nossa conta.
        </p>
      </InstitutionalSection>

      <InstitutionalSection id="tamanho-ou-cor" title="Troca de tamanho ou cor">
        <p>
          Além do que a lei garante, a primeira troca de tamanho ou cor é gratuita em até{' '}
          <strong>30 dias corridos</strong> do recebimento, para produtos sem uso e com etiqueta. Se
          o tamanho ou a cor desejados estiverem esgotados, você pode escolher outro produto ou
          receber o valor de volta.
        </p>
      </InstitutionalSection>

      <InstitutionalSection id="como-solicitar" title="Como solicitar">
        <ol>
          <li>
            <strong>Desistência em até 7 dias:</strong> em{' '}
            <Link component={RouterLink} to={storefrontPaths.tracking}>
              Acompanhar pedido
            </Link>
            , informe o número do pedido e o e-mail da compra e use{' '}
            <strong>Devolver produtos</strong>: escolha os produtos e o motivo. O{' '}
            <strong>código de postagem</strong> dos Correios chega por e-mail.
          </li>
          <li>
            <strong>Defeito ou troca:</strong> escreva para{' '}
            <Link href={`mailto:${contact.email}`}>{contact.email}</Link> ou chame no{' '}
            <Link href={whatsappUrl(contact)} target="_blank" rel="noopener noreferrer">
              WhatsApp {contact.whatsappDisplay}
            </Link>{' '}
            com o <strong>número do pedido</strong>, o produto e o motivo; em caso de defeito, envie
            fotos. Em até 2 dias úteis respondemos com o código de postagem dos Correios e as
            instruções de embalagem.
          </li>
          <li>Leve o pacote a uma agência dos Correios com o código.</li>
          <li>
            Quando o produto chega, conferimos em até 5 dias úteis e enviamos a troca ou fazemos o
            reembolso. Você recebe um e-mail em cada etapa e pode ver o andamento em{' '}
            <Link component={RouterLink} to={storefrontPaths.tracking}>
              Acompanhar pedido
            </Link>
            .
          </li>
        </ol>
        <p>
          Outras dúvidas? Veja todos os canais em{' '}
          <Link component={RouterLink} to={storefrontPaths.contact}>
            Contato
          </Link>
          .
        </p>
      </InstitutionalSection>

      <InstitutionalSection id="reembolso" title="Como é feito o reembolso">
        <ul>
          <li>
            <strong>Pix:</strong> devolvemos por Pix à conta de onde veio o pagamento, em até 5 dias
            úteis após recebermos o produto.
          </li>
          <li>
            <strong>Cartão de crédito:</strong> pedimos o estorno à administradora no mesmo prazo;
            ele aparece na fatura atual ou na seguinte, conforme a data de fechamento.
          </li>
          <li>
            <strong>Boleto:</strong> depositamos na conta bancária ou chave Pix do titular do pedido
            que você indicar, em até 5 dias úteis.
          </li>
        </ul>
      </InstitutionalSection>
    </InstitutionalPage>
  );
}
