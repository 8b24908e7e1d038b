// The staff mails, in Portuguese, as plain text and HTML.
import type { OutgoingMail } from './mail.service';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, bodyHtml: string, storeName: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2328; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
${bodyHtml}
<p style="color: #6e7781; font-size: 12px; margin-top: 32px;">Esta é uma mensagem automática de ${escapeHtml(storeName)}. Não responda a este e-mail.</p>
</body>
</html>`;
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  /** The store's name (its settings): staff mails say whose panel it is. */
  storeName: string;
  link: string;
  validMinutes: number;
}): OutgoingMail {
  const subject = `Redefinição de senha da sua conta em ${input.storeName}`;
  const text = `Olá, ${input.name}!

Recebemos um pedido para redefinir a senha da sua conta no painel de ${input.storeName}.
Para escolher uma nova senha, abra o link abaixo (válido por ${input.validMinutes} minutos e por um único uso):

${input.link}

Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.
`;
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no painel de ${escapeHtml(input.storeName)}.</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; background: #1f6feb; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none;">Escolher uma nova senha</a></p>
<p>O link vale por ${input.validMinutes} minutos e pode ser usado uma única vez. Se o botão não funcionar, copie este endereço no navegador:<br><span style="word-break: break-all;">${escapeHtml(input.link)}</span></p>
<p>Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.</p>`,
    input.storeName,
  );
  return { to: input.to, subject, text, html };
}

export function passwordChangedMail(input: {
  to: string;
  name: string;
  storeName: string;
  loginUrl: string;
}): OutgoingMail {
  const subject = `Sua senha do painel de ${input.storeName} foi alterada`;
  const text = `Olá, ${input.name}!

A senha da sua conta no painel de ${input.storeName} acabou de ser alterada, e todas as sessões abertas foram encerradas.

Se foi você, não é preciso fazer nada. Se não foi, peça uma nova senha imediatamente em ${input.loginUrl} ("Esqueci minha senha") e avise a administração da loja.
`;
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>A senha da sua conta no painel de ${escapeHtml(input.storeName)} acabou de ser alterada, e todas as sessões abertas foram encerradas.</p>
<p>Se foi você, não é preciso fazer nada. Se não foi, peça uma nova senha imediatamente em <a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a> ("Esqueci minha senha") e avise a administração da loja.</p>`,
    input.storeName,
  );
  return { to: input.to, subject, text, html };
}

/** The staff invitation: a single-use link to choose a password (modules/team). */
export function staffInvitationMail(input: {
  to: string;
  name: string;
  storeName: string;
  /** Who invited (their name). */
  invitedBy: string;
  /** The role as people read it: "Administração", "Gestão de marcas", "Atendimento". */
  roleLabel: string;
  link: string;
  validHours: number;
}): OutgoingMail {
  const subject = `Convite para a equipe de ${input.storeName}`;
  const text = `Olá, ${input.name}!

${input.invitedBy} convidou você para a equipe de ${input.storeName} no painel da loja, com o papel ${input.roleLabel}.
Para aceitar, abra o link abaixo e escolha a sua senha (válido por ${input.validHours} horas e por um único uso):

${input.link}

Se você não esperava este convite, ignore este e-mail: nenhuma conta será ativada sem você.
`;
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>${escapeHtml(input.invitedBy)} convidou você para a equipe de ${escapeHtml(input.storeName)} no painel da loja, com o papel <strong>${escapeHtml(input.roleLabel)}</strong>.</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; background: #1f6feb; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none;">Aceitar o convite e escolher a senha</a></p>
<p>O link vale por ${input.validHours} horas e pode ser usado uma única vez. Se o botão não funcionar, copie este endereço no navegador:<br><span style="word-break: break-all;">${escapeHtml(input.link)}</span></p>
<p>Se você não esperava este convite, ignore este e-mail: nenhuma conta será ativada sem você.</p>`,
    input.storeName,
  );
  return { to: input.to, subject, text, html };
}

/** The owner changed their password from "Minha conta" (the other sessions ended). */
export function accountPasswordChangedMail(input: {
  to: string;
  name: string;
  storeName: string;
  loginUrl: string;
}): OutgoingMail {
  const subject = `Sua senha do painel de ${input.storeName} foi alterada`;
  const text = `Olá, ${input.name}!

A senha da sua conta no painel de ${input.storeName} acabou de ser alterada em "Minha conta", e as outras sessões abertas foram encerradas.

Se foi você, não é preciso fazer nada. Se não foi, peça uma nova senha imediatamente em ${input.loginUrl} ("Esqueci minha senha") e avise a administração da loja.
`;
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>A senha da sua conta no painel de ${escapeHtml(input.storeName)} acabou de ser alterada em "Minha conta", e as outras sessões abertas foram encerradas.</p>
<p>Se foi você, não é preciso fazer nada. Se não foi, peça uma nova senha imediatamente em <a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a> ("Esqueci minha senha") e avise a administração da loja.</p>`,
    input.storeName,
  );
  return { to: input.to, subject, text, html };
}
