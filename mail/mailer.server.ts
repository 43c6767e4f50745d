// Outgoing mail (issue 23, decision 0065): through the SMTP server SMTP_URL names, with nodemailer;
// without it (the embedded default) each message is written whole as a .eml object in the app's
// file store (STORAGE_DIR or the bucket), under mail/<name>, where an admin can open it from any
// machine (Outgoing Mail). One function sends, whichever way is set.
import { buffer } from 'node:stream/consumers'
import nodemailer, { type Transporter } from 'nodemailer'
import { config } from '#core/config.server.ts'
import { BlobNotFoundError, type BlobStore } from '#storage/blob-store.ts'

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

export const mailFrom = () => config().MAIL_FROM ?? `${config().COMPANY_NAME} <reports@localhost>`

/** A .eml file's name: only what we make ([\w.-], not starting with a dot), so a name read back from the database is one key of the store's mail/. */
export const EML_FILE = /^[\w-][\w.-]*\.eml$/
/** How a written message is stored and served. */
export const EML_TYPE = 'message/rfc822'

/** The store's key of the written message named `file` (an EML_FILE name): no table names these objects, grower_reports.eml_file does. */
export const mailKey = (file: string) => `mail/${file}`

let smtp: { url: string; transport: Transporter } | undefined
function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) }
  return smtp.transport
}

const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

/**
 * Sends `message`: by SMTP when set, else written into `store` as `fileStem`.eml (a put is whole or
 * nothing; the same stem writes the same key again). Throws when the server refuses it.
 */
export async function sendMail(store: BlobStore, message: OutgoingMessage, fileStem: string): Promise<Delivery> {
  const mail = { from: mailFrom(), to: [...message.to], subject: message.subject, text: message.text, messageId: message.messageId, attachments: message.attachments }
  const url = config().SMTP_URL
  if (url) {
    const info = await smtpTransport(url).sendMail(mail)
    const addresses = (list: (string | { address: string })[] | undefined) => (list ?? []).map((a) => (typeof a === 'string' ? a : a.address))
    return { transport: 'smtp', messageId: message.messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected) }
  }
  const file = `${fileStem.replace(/[^\w.-]+/g, '-').replace(/^\.+/, '')}.eml`
  if (!EML_FILE.test(file)) throw new Error(`Not a message file's name: ${JSON.stringify(file)}`)
  const { message: bytes } = (await fileTransport.sendMail(mail)) as { message: Buffer }
  await store.put(mailKey(file), bytes, { contentType: EML_TYPE })
  return { transport: 'file', messageId: message.messageId, file, accepted: message.to.map((t) => t.address), rejected: [] }
}

/** A written message's bytes, or null when `file` is not a name we make or the store has no such message. */
export async function readMailFile(store: BlobStore, file: string): Promise<Buffer | null> {
  if (!EML_FILE.test(file)) return null
  try {
    return await buffer(await store.getStream(mailKey(file)))
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null
    throw error
  }
}
