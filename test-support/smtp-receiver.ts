/** The SMTP receiver of the delivery tests (unit and reliability): smtp-server, no TLS, no auth. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { emailChannel, type Channel } from "../lib/service/delivery/channels";

export type ReceivedMail = { from: string; to: string[]; data: string };

/** A mail's text as sent, quoted-printable decoded (nodemailer folds long lines with "=" breaks). */
export function mailText(mail: ReceivedMail): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(mail.data)) return mail.data;
  const decoded = mail.data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}

/** An SMTP server on 127.0.0.1 that keeps what it receives (port 0: any free port). */
export async function startSmtpReceiver({ port = 0 }: { port?: number } = {}) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails: () => [...mails],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Gives `send` the site's email channel to an SMTP receiver of its own (Message-IDs at
 * managely.test), closes both, and answers the mails the receiver got.
 */
export async function mailsThroughSmtp(send: (channel: Channel) => Promise<void>): Promise<ReceivedMail[]> {
  const receiver = await startSmtpReceiver();
  const channel = emailChannel({ smtpUrl: receiver.url, from: "Managely <no-reply@managely.test>", messageIdDomain: "managely.test" });
  try {
    await send(channel);
  } finally {
    await channel.close?.();
    await receiver.close();
  }
  return receiver.mails();
}
