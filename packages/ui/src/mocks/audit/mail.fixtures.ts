// Mail outbox fixtures: typed like MailMessage of packages/api/schema.graphql, newest first.
import { STAFF_ORDERS_NOW } from '../orders/staffOrders.fixtures';
import type { MailStatus } from '../../graphql/generated';
import type { MailMessageNode } from '../../screens/dashboard/Mail/MailScreen.graphql';

export type MailStatusFixture = MailStatus;

export type MailMessageFixture = MailMessageNode;

const MINUTE = 60_000;

/** The server's reason for a mail held without a mail server (mail.service's NOT_CONFIGURED_REASON). */
export const MAIL_NOT_CONFIGURED_REASON =
  'Não enviado: o envio de e-mails não está configurado (SMTP_URL).';

function before(now: string, minutes: number): string {
  return new Date(Date.parse(now) - minutes * MINUTE).toISOString();
}

function body(name: string, lines: string[]): string {
  return [`Olá, ${name}!`, '', ...lines, '', 'Equipe Vitrine', 'https://vitrine.com.br'].join('\n');
}

/** Ten messages: sent, one waiting, two that failed (one with the server's answer). */
export function makeMailMessages(now: string = STAFF_ORDERS_NOW): MailMessageFixture[] {
  const messages: Array<Omit<MailMessageFixture, 'oneTimeLink'>> = [
    {
      id: 'mail-1',
      to: 'maria.oliveira@example.com',
      subject: 'Recebemos seu pedido VT-10030',
      status: 'PENDING',
      attempts: 1,
      lastError: '421 4.7.0 Try again later, closing connection.',
      createdAt: before(now, 3),
      sentAt: null,
      textBody: body('Maria', [
        'Recebemos seu pedido VT-10030.',
        'Pague o Pix em até 30 minutos para garantir os produtos.',
        'Total: R$ 189,90',
      ]),
    },
    {
      id: 'mail-2',
      to: 'joao.pereira@example.com',
      subject: 'Pagamento confirmado: pedido VT-10029',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 25),
      sentAt: before(now, 24),
      textBody: body('João', [
        'O pagamento do pedido VT-10029 foi confirmado.',
        'Avisaremos quando ele for enviado.',
      ]),
    },
    {
      id: 'mail-3',
      to: 'rafael.costa@example',
      subject: 'Seu pedido VT-10019 foi enviado',
      status: 'FAILED',
      attempts: 5,
      lastError: '550 5.1.1 <rafael.costa@example>: Recipient address rejected: Domain not found',
      createdAt: before(now, 320),
      sentAt: null,
      textBody: body('Rafael', [
        'Seu pedido VT-10019 foi enviado pelos Correios (PAC).',
        'Código de rastreio: BR987654321BR',
      ]),
    },
    {
      id: 'mail-4',
      to: 'diego@lumi.com.br',
      subject: 'Convite para a equipe de Vitrine',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 75),
      sentAt: before(now, 75),
      textBody: body('Diego', [
        'Ana Souza convidou você para a equipe de Vitrine no painel da loja, com o papel Gestão de marcas (Lumi).',
        'Escolha sua senha em até 72 horas: https://vitrine.com.br/convite?token=••••••••',
      ]),
    },
    {
      id: 'mail-5',
      to: 'camila.santos@example.com',
      subject: 'Seu pedido VT-10027 foi entregue',
      status: 'SENT',
      attempts: 2,
      lastError: null,
      createdAt: before(now, 180),
      sentAt: before(now, 170),
      textBody: body('Camila', ['Seu pedido VT-10027 foi entregue. Aproveite!']),
    },
    {
      id: 'mail-6',
      to: 'bia.almeida@example.com',
      subject: 'O produto que você queria voltou: Bota de couro Serra',
      status: 'FAILED',
      attempts: 5,
      lastError: 'Connection timed out (smtp.provedor.com.br:587)',
      createdAt: before(now, 400),
      sentAt: null,
      textBody: body('Beatriz', [
        'A Bota de couro Serra no tamanho 38 voltou ao estoque.',
        'https://vitrine.com.br/p/bota-de-couro-serra',
      ]),
    },
    {
      id: 'mail-7',
      to: 'lucas.ferreira@example.com',
      subject: 'Recebemos seu pedido VT-10026',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 500),
      sentAt: before(now, 500),
      textBody: body('Lucas', ['Recebemos seu pedido VT-10026.', 'Total: R$ 249,80']),
    },
    {
      id: 'mail-8',
      to: 'bruno@vitrine.com.br',
      subject: 'Redefinição de senha',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 900),
      sentAt: before(now, 900),
      textBody: body('Bruno', [
        'Recebemos um pedido para redefinir sua senha.',
        'Abra https://vitrine.com.br/senha/redefinir?token=•••••••• para escolher uma nova.',
        'O link vale por 30 minutos. Se não foi você, ignore este e-mail.',
      ]),
    },
    {
      id: 'mail-9',
      to: 'maria.oliveira@example.com',
      subject: 'Pagamento confirmado: pedido VT-10024',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 1400),
      sentAt: before(now, 1400),
      textBody: body('Maria', ['O pagamento do pedido VT-10024 foi confirmado.']),
    },
    {
      id: 'mail-10',
      to: 'joao.pereira@example.com',
      subject: 'Recebemos seu pedido VT-10022',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      createdAt: before(now, 2000),
      sentAt: before(now, 2000),
      textBody: body('João', ['Recebemos seu pedido VT-10022.']),
    },
  ];
  return messages.map((message) => ({
    ...message,
    oneTimeLink: message.textBody.includes('token=••••••••'),
  }));
}

/**
 * The same messages on a store without a mail server: nothing was sent; every message was held
 * (NOT_CONFIGURED) with the server's reason.
 */
export function makeUnsentMailMessages(now: string = STAFF_ORDERS_NOW): MailMessageFixture[] {
  return makeMailMessages(now).map((message) => ({
    ...message,
    status: 'NOT_CONFIGURED',
    attempts: 1,
    sentAt: null,
    lastError: MAIL_NOT_CONFIGURED_REASON,
  }));
}
