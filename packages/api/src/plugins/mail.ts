// Mail delivery for the app: the transport (SMTP, or the log without SMTP_URL) and the outbox
// sender, kicked after each commit that enqueued a mail and retried periodically.
import fp from 'fastify-plugin';
import {
  deliverPendingMails,
  logTransport,
  mailSender,
  smtpTransport,
  type LinkIssuers,
  type MailTransport,
} from '../modules/mail/mail.service';
import { getStoreSettings } from '../modules/settings/settings.repository';
import { MAIL_LINK_ISSUERS } from './mail-links';

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Whether mails reach a mail server (SMTP_URL, or a test's transport). Without one every mail is
   * held as NOT_CONFIGURED and the dashboard says so.
   */
  readonly configured: boolean;
  /** Starts a delivery run in the background (call after the transaction commits). */
  kick(): void;
  /**
   * Work running after its response was sent that may enqueue mail (e.g. a reset request):
   * `flush` and shutdown wait for it. It must handle its own errors.
   */
  track(work: Promise<unknown>): void;
  /** Resolves when the runs (and tracked work) started so far are finished (tests, shutdown). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export interface MailPluginOptions {
  transport?: MailTransport;
  /** Retry interval for mails that failed; 0 disables the timer. */
  retryIntervalMs?: number;
  /** Issuers of one-time links (tests replace them); default MAIL_LINK_ISSUERS. */
  links?: LinkIssuers;
}

export const mailPlugin = fp<MailPluginOptions>(
  async (app, opts) => {
    const transport =
      opts.transport ??
      (app.config.smtpUrl
        ? smtpTransport(app.config.smtpUrl)
        : logTransport(app.log, { production: app.config.isProduction }));
    let running: Promise<void> = Promise.resolve();
    const tracked = new Set<Promise<unknown>>();
    const settleTracked = async () => {
      while (tracked.size > 0) await Promise.allSettled([...tracked]);
    };
    let again = false;
    let active = false;

    const run = async (): Promise<void> => {
      try {
        await deliverPendingMails(app.db, transport, {
          // The sender's name follows the store's name unless MAIL_FROM says otherwise.
          from: mailSender(app.config.mailFrom, (await getStoreSettings(app.db)).storeName),
          log: app.log,
          links: opts.links ?? MAIL_LINK_ISSUERS,
          // The app's clock (auth plugin), so a link's expiry is judged as everywhere else.
          now: () => new Date(app.hasDecorator('clock') ? app.clock.now() : Date.now()),
        });
      } catch (err) {
        app.log.error({ err }, 'mail outbox run failed');
      }
    };

    // One run at a time per process; a kick during a run schedules exactly one more.
    const kick = () => {
      if (active) {
        again = true;
        return;
      }
      active = true;
      running = (async () => {
        do {
          again = false;
          await run();
        } while (again);
        active = false;
      })();
    };

    app.decorate('mail', {
      transport,
      configured: transport.delivers ?? true,
      kick,
      track: (work) => {
        const settled = work.then(
          () => undefined,
          () => undefined,
        );
        tracked.add(settled);
        void settled.then(() => tracked.delete(settled));
      },
      flush: async () => {
        await settleTracked();
        await running;
      },
    } satisfies Mailer);

    const interval = opts.retryIntervalMs ?? 60_000;
    const timer = interval > 0 ? setInterval(kick, interval) : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await settleTracked();
      await running;
      transport.close?.();
    });
  },
  { name: 'vitrine-mail', dependencies: ['vitrine-db'] },
);
