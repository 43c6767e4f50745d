// Outgoing mail (issue 23, decision 0065): through the SMTP server SMTP_URL names, with nodemailer;
// without it (the embedded default) each message is written whole as a .eml file in MAIL_DIR (the
// data folder's mail/), where an admin can open it. One function sends, whichever way is set.
import fsp from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { config } from '#core/config.server.ts'
import { DATA_DIR } from '#db/connection.ts'

export interface OutgoingMessage {
  /** nodemailer quotes and encodes the names */
  to: readonly { name: string; address: string }[]
  subject: string
  text: string
  /** our own Message-ID ('<…@…>'): the same report keeps its id, so a receiving server can tell a repeat */
  messageId: string
  attachments: { filename: string; content: Buffer; contentType: string }[]
}

/** How it went: the addresses the server took and those it refused (a message all refuse throws). */
export type Delivery = { messageId: string; accepted: string[]; rejected: string[] } & ({ transport: 'smtp' } | { transport: 'file'; file: string })

export const mailDir = () => path.resolve(config().MAIL_DIR ?? path.join(DATA_DIR, 'mail'))
export const mailFrom = () => config().MAIL_FROM ?? `${config().COMPANY_NAME} <reports@localhost>`

/** A .eml file's name: only what we make ([\w.-]), so a name read back from the database cannot leave the folder. */
export const EML_FILE = /^[\w.-]+\.eml$/

let smtp: { url: string; transport: Transporter } | undefined
function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) }
  return smtp.transport
}

const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

/** Sends `message` (SMTP when set, else a .eml file named `fileStem`.eml); throws when the server refuses it. */
export async function sendMail(message: OutgoingMessage, fileStem: string): Promise<Delivery> {
  const mail = { from: mailFrom(), to: [...message.to], subject: message.subject, text: message.text, messageId: message.messageId, attachments: message.attachments }
  const url = config().SMTP_URL
  if (url) {
    const info = await smtpTransport(url).sendMail(mail)
    const addresses = (list: (string | { address: string })[] | undefined) => (list ?? []).map((a) => (typeof a === 'string' ? a : a.address))
    return { transport: 'smtp', messageId: message.messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected) }
  }
  const { message: bytes } = (await fileTransport.sendMail(mail)) as { message: Buffer }
  const dir = mailDir()
  await fsp.mkdir(dir, { recursive: true })
  const file = `${fileStem.replace(/[^\w.-]+/g, '-')}.eml`
  // written whole, then named: the list never shows half a message
  const partial = path.join(dir, `.${file}.${process.pid}.part`)
  await fsp.writeFile(partial, bytes)
  await fsp.rename(partial, path.join(dir, file))
  return { transport: 'file', messageId: message.messageId, file, accepted: message.to.map((t) => t.address), rejected: [] }
}

/** A written message's bytes, or null when there is no such file. */
export async function readMailFile(file: string): Promise<Buffer | null> {
  if (!EML_FILE.test(file)) return null
  return fsp.readFile(path.join(mailDir(), file)).catch(() => null)
}
