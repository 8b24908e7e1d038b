// '/privacidade': the privacy policy under the LGPD (Lei nº 13.709/2018): what is collected at
// checkout, why and on which legal basis, for how long, with whom it is shared, the titular's
// rights (art. 18), the encarregado's contact and the few cookies the store uses.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { FormattedText } from '../../../components/FormattedText';
import { storefrontPaths } from '../../../routes/paths';
import { InstitutionalPage, InstitutionalSection } from './InstitutionalPage';
import type { StoreContactInfo } from './storeContact';

export interface PrivacyPolicyViewProps {
  contact: StoreContactInfo;
  /** The store's own text (formatted text), shown instead of the built-in page; null: built-in. */
  customText?: string | null;
}

const SECTIONS = [
  { id: 'dados-coletados', title: 'Quais dados coletamos' },
  { id: 'finalidades', title: 'Para que usamos e com qual base legal' },
  { id: 'compartilhamento', title: 'Com quem compartilhamos' },
  { id: 'retencao', title: 'Por quanto tempo guardamos' },
  { id: 'direitos', title: 'Seus direitos' },
  { id: 'cookies', title: 'Cookies e armazenamento no navegador' },
  { id: 'seguranca', title: 'Segurança' },
  { id: 'encarregado', title: 'Encarregado de dados (DPO)' },
];

const PURPOSES: { purpose: string; data: string; basis: string }[] = [
  {
    purpose: 'Processar, entregar e dar suporte ao seu pedido',
    data: 'nome, e-mail, telefone, endereço e itens do pedido',
    basis: 'execução de contrato (art. 7º, V)',
  },
  {
    purpose: 'Emitir a nota fiscal e cumprir obrigações fiscais e de consumo',
    data: 'nome, CPF, endereço e valores do pedido',
    basis: 'cumprimento de obrigação legal (art. 7º, II)',
  },
  {
    purpose: 'Avisar sobre o pedido por e-mail (confirmação, pagamento, envio)',
    data: 'nome, e-mail e número do pedido',
    basis: 'execução de contrato (art. 7º, V)',
  },
  {
    purpose: 'Prevenir fraudes e proteger a loja e os clientes',
    data: 'CPF, e-mail, endereço IP e registros de acesso',
    basis: 'legítimo interesse (art. 7º, IX)',
  },
  {
    purpose: 'Medir a audiência da loja, quando a medição está ativada',
    data: 'páginas vistas e eventos de compra, sem nome, e-mail ou CPF',
    basis: 'legítimo interesse (art. 7º, IX)',
  },
];

const RIGHTS = [
  'confirmação de que tratamos seus dados;',
  'acesso aos dados;',
  'correção de dados incompletos, inexatos ou desatualizados;',
  'anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;',
  'portabilidade dos dados a outro fornecedor, mediante requisição expressa;',
  'eliminação dos dados tratados com o seu consentimento;',
  'informação sobre com quem compartilhamos seus dados;',
  'informação sobre a possibilidade de não dar consentimento e as consequências da recusa;',
  'revogação do consentimento, quando ele for a base do tratamento.',
];

/** What each datum is used for, and the LGPD article that allows it. */
function PurposesSection() {
  return (
    <InstitutionalSection id="finalidades" title="Para que usamos e com qual base legal">
      <p>
        Usamos cada dado só para o que está abaixo, com a base legal indicada (artigos da LGPD). Não
        vendemos dados pessoais e não os usamos para publicidade de terceiros.
      </p>
      <Box component="ul" sx={{ listStyle: 'none', p: '0 !important', display: 'grid', gap: 1.5 }}>
        {PURPOSES.map((item) => (
          <Paper component="li" variant="outlined" key={item.purpose} sx={{ p: 2 }}>
            <Typography component="h3" sx={{ m: '0 !important' }}>
              {item.purpose}
            </Typography>
            <Typography variant="body2" component="p" sx={{ m: '4px 0 0 !important' }}>
              <strong>Dados:</strong> {item.data}
            </Typography>
            <Typography variant="body2" component="p" sx={{ m: '4px 0 0 !important' }}>
              <strong>Base legal:</strong> {item.basis}
            </Typography>
          </Paper>
        ))}
      </Box>
    </InstitutionalSection>
  );
}

/** Who else receives data, and what for. */
function SharingSection() {
  return (
    <InstitutionalSection id="compartilhamento" title="Com quem compartilhamos">
      <ul>
        <li>
          <strong>Transportadoras</strong> (como os Correios): nome, telefone e endereço, para a
          entrega;
        </li>
        <li>
          <strong>Provedores de pagamento</strong> (Pix, cartão e boleto): os dados necessários para
          processar o pagamento;
        </li>
        <li>
          <strong>Serviços de tecnologia</strong> que hospedam a loja e enviam nossos e-mails,
          contratados para agir só conforme nossas instruções;
        </li>
        <li>
          <strong>Autoridades públicas</strong>, quando a lei ou uma ordem judicial exigir.
        </li>
      </ul>
    </InstitutionalSection>
  );
}

/** How long each kind of data is kept. */
function RetentionSection() {
  return (
    <InstitutionalSection id="retencao" title="Por quanto tempo guardamos">
      <ul>
        <li>
          <strong>Dados do pedido e fiscais:</strong> 5 anos após a compra, o prazo das obrigações
          fiscais e das garantias do Código de Defesa do Consumidor;
        </li>
        <li>
          <strong>Registros de acesso (IP, data e hora):</strong> 6 meses, como exige o Marco Civil
          da Internet;
        </li>
        <li>
          <strong>Conversas com o atendimento:</strong> até 5 anos, para resolver eventuais
          reclamações sobre o pedido.
        </li>
      </ul>
      <p>Depois desses prazos, os dados são eliminados ou anonimizados.</p>
    </InstitutionalSection>
  );
}

/** The cookies and what the browser keeps (the bag, the checkout draft). */
function CookiesSection() {
  return (
    <InstitutionalSection id="cookies" title="Cookies e armazenamento no navegador">
      <p>A loja usa o mínimo de cookies:</p>
      <ul>
        <li>
          <strong>XSRF-TOKEN</strong> (necessário): um cookie de segurança da sua visita, que
          protege o envio de formulários, como o de finalizar o pedido, contra falsificação. Não
          identifica você.
        </li>
        <li>
          <strong>vitrine_cart</strong> (necessário): uma cópia da sua sacola (os produtos, as
          quantidades, o CEP, o cupom e a entrega escolhidos; nunca preços), para que a sacola e o
          checkout já cheguem prontos na tela. Dura 180 dias, renovado a cada mudança.
        </li>
        <li>
          <strong>vitrine_order</strong> (necessário): o número e o e-mail do último pedido feito
          neste navegador, enviados só às páginas do pedido, para mostrá-lo sem pedir o e-mail de
          novo. Apagado quando você fecha o navegador.
        </li>
        <li>
          <strong>Medição de audiência</strong> (só quando ativada pela loja): cookies do Google
          Analytics (como <code>_ga</code>) que contam páginas vistas e compras de forma
          estatística. Sem a medição ativada, nenhum script de terceiros é carregado. Você pode
          bloqueá-los nas configurações do navegador sem prejudicar a compra.
        </li>
      </ul>
      <p>
        A sua sacola fica guardada no próprio navegador (armazenamento local e o cookie acima), não
        em nossos servidores, até você finalizar o pedido; o que você digita no checkout fica só na
        aba aberta, para não se perder se a conexão cair.
      </p>
    </InstitutionalSection>
  );
}

export function PrivacyPolicyView({ contact, customText }: PrivacyPolicyViewProps) {
  if (customText) {
    return (
      <InstitutionalPage title="Política de privacidade" summary={null}>
        <FormattedText text={customText} />
      </InstitutionalPage>
    );
  }
  return (
    <InstitutionalPage
      title="Política de privacidade"
      summary={
        <p>
          Como a {contact.legalName} (CNPJ {contact.cnpj}), responsável pela loja{' '}
          {contact.storeName}, cuida dos seus dados pessoais, de acordo com a Lei Geral de Proteção
          de Dados Pessoais (LGPD, Lei nº 13.709/2018).
        </p>
      }
      updatedLabel="Atualizada em 1º de novembro de 2026"
      contents={SECTIONS}
    >
      <InstitutionalSection id="dados-coletados" title="Quais dados coletamos">
        <p>
          Você navega e compra sem criar conta. Só pedimos dados pessoais ao finalizar um pedido:
        </p>
        <ul>
          <li>
            <strong>Identificação:</strong> nome completo, e-mail, CPF e telefone;
          </li>
          <li>
            <strong>Entrega:</strong> CEP, rua, número, complemento, bairro, cidade e UF;
          </li>
          <li>
            <strong>Pedido:</strong> produtos, valores, cupom, forma de envio e de pagamento. Não
            guardamos os dados completos de cartões: eles são tratados pelo provedor de pagamento.
          </li>
        </ul>
        <p>
          Ao acessar a loja, nosso servidor registra também o endereço IP, a data e a hora de cada
          acesso, como exige o Marco Civil da Internet (Lei nº 12.965/2014, art. 15).
        </p>
      </InstitutionalSection>

      <PurposesSection />

      <SharingSection />

      <RetentionSection />

      <InstitutionalSection id="direitos" title="Seus direitos">
        <p>Pelo artigo 18 da LGPD, você pode pedir a qualquer momento:</p>
        <ul>
          {RIGHTS.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
        <p>
          Para exercer qualquer um deles, escreva ao nosso encarregado (abaixo) a partir do e-mail
          usado na compra. Respondemos em até 15 dias. Você também pode apresentar uma reclamação à
          Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </InstitutionalSection>

      <CookiesSection />

      <InstitutionalSection id="seguranca" title="Segurança">
        <p>
          A loja só funciona com conexão criptografada (HTTPS). O acesso aos dados dos pedidos é
          restrito à equipe que precisa deles para atender você, com login individual e registro de
          cada alteração.
        </p>
      </InstitutionalSection>

      <InstitutionalSection id="encarregado" title="Encarregado de dados (DPO)">
        <p>
          O encarregado pelo tratamento de dados pessoais é o {contact.dpoName}. Fale com ele pelo
          e-mail <Link href={`mailto:${contact.dpoEmail}`}>{contact.dpoEmail}</Link> ou por carta
          para {contact.legalName}, {contact.address}.
        </p>
        <p>
          Para outros assuntos, veja os canais em{' '}
          <Link component={RouterLink} to={storefrontPaths.contact}>
            Contato
          </Link>
          .
        </p>
      </InstitutionalSection>
    </InstitutionalPage>
  );
}
