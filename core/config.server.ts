// Configuration from the environment, checked once; a bad value stops start-up with a clear message.
import os from 'node:os'
import { z } from 'zod'
import packageJson from '../package.json' with { type: 'json' }
import { DEFAULT_PHOTO_SETTINGS, type PhotoSettings } from './photos.ts'

/** 'true'/'1'/'yes'/'on' or 'false'/'0'/'no'/'off' (z.coerce.boolean would read 'false' as true). */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)))

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL itself, when DATABASE_URL goes through a transaction-mode pooler (PgBouncer): migrations, backups and restores use it (db/connection.ts reads both) */
  DATABASE_DIRECT_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  /** npm start seeds the demo (its accounts share a published password) into an empty DATABASE_URL database too, and runs a database with them (decision 0076); the embedded database always gets the demo */
  DEMO: flag(false),
  /** true behind a load balancer that sets X-Forwarded-Proto / X-Forwarded-For */
  TRUST_PROXY: flag(false),
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  STORAGE_DIR: z.string().default('.data/blobs'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /** uploads a user may have started and not completed, at once (storage/uploads.server.ts) */
  UPLOAD_MAX_OPEN: z.coerce.number().int().min(1).max(10_000).default(50),
  /** the bytes those may add up to */
  UPLOAD_MAX_PENDING_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** a photo's travelling copy (made on the device, or by the server without JavaScript): its long side in pixels (decision 0096) */
  PHOTO_MAX_EDGE: z.coerce.number().int().min(320).max(8000).default(DEFAULT_PHOTO_SETTINGS.maxEdge),
  /** its JPEG quality, 0.3–1 */
  PHOTO_QUALITY: z.coerce.number().min(0.3).max(1).default(DEFAULT_PHOTO_SETTINGS.quality),
  /** photos travel as taken, not resized (the original is what is uploaded and kept) */
  PHOTO_KEEP_ORIGINAL: flag(DEFAULT_PHOTO_SETTINGS.keepOriginal),
  COMPANY_NAME: z.string().default('Keystone Storage Services'),
  WORKERS: z.enum(['on', 'off']).default('on'),
  /** HTTP processes of `npm start` in production (one per core by default) */
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(() => os.availableParallelism()),
  /** connections of each process's pool: the total is about (WEB_CONCURRENCY + 1) × DB_POOL_SIZE */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** the Chromium that renders documents (and runs the browser tests) */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** pages of the worker's warm Chromium: documents rendered at the same time */
  DOCUMENT_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  /** a document's renderer (one job's Chromium process) using more memory than this is stopped, and the conversion fails with a message */
  DOCUMENT_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(1536),
  /** a conversion (DOCX or HTML → PDF) that takes longer fails with a message */
  CONVERSION_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /** a failed conversion is tried again when asked for after this many minutes */
  CONVERSION_RETRY_MINUTES: z.coerce.number().min(0).max(10_080).default(10),
  /** how long a request for a PDF the app renders waits for it before answering 'PDF not ready — try again' */
  PDF_WAIT_SECONDS: z.coerce.number().min(0).max(25).default(10),
  /** POST /api/convert/ {html}: the largest HTML accepted, in bytes */
  CONVERT_HTML_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** posted HTML: a PDF longer than this many pages is refused */
  CONVERT_HTML_MAX_PAGES: z.coerce.number().int().min(1).max(10_000).default(50),
  /** posted HTML: a conversion taking longer fails (the shorter of this and CONVERSION_TIMEOUT_SECONDS) */
  CONVERT_HTML_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  /** posted HTML: its HTML and PDF are deleted this many hours after it was last posted */
  CONVERT_HTML_KEEP_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** posted HTML: conversions one user may have waiting or running at once; one more is refused (429) until they finish */
  CONVERT_HTML_MAX_PENDING: z.coerce.number().int().min(1).max(100).default(2),
  /** posted HTML: conversions rendered at the same time, in Chromium pages of their own (the app's own PDFs never wait for them) */
  CONVERT_HTML_JOBS: z.coerce.number().int().min(1).max(8).default(1),
  /** the grower's reports go out through this SMTP server (smtp://user:pass@host:587, smtps://…:465); unset: written as .eml files in the file store (mail/) */
  SMTP_URL: z.string().url().optional(),
  /** the reports' sender (default: COMPANY_NAME <reports@localhost>) */
  MAIL_FROM: z.string().min(3).optional(),
  /** the log's level: one JSON line per request and per job at 'info'; 'warn' and 'error' keep only trouble */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** on SIGTERM an HTTP process answers /readyz with 503 for this long, still serving, before it stops taking requests (set it above the load balancer's check interval × its fall count) */
  /** the port of /metrics (Prometheus); unset: no metrics are served */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** the address /metrics listens on: keep it private (the default is this machine only) */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** when set, /metrics asks for it as a bearer token (Authorization: Bearer …) */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** where `npm run backup` writes (a folder, or s3://bucket/prefix); set on the web processes, the bell warns when the last backup is old */
  BACKUP_TO: z.string().min(1).optional(),
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
})

export type Config = z.infer<typeof schema>

let cached: Config | undefined

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env)
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
      throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
    }
    cached = parsed.data
  }
  return cached
}

/** The photo settings, as the pages with a photo field pass them to the device (app/components/upload/photo-settings.ts). */
export function photoSettings(): PhotoSettings {
  const { PHOTO_MAX_EDGE, PHOTO_QUALITY, PHOTO_KEEP_ORIGINAL } = config()
  return { maxEdge: PHOTO_MAX_EDGE, quality: PHOTO_QUALITY, keepOriginal: PHOTO_KEEP_ORIGINAL }
}

/** The app version shown to superusers: package.json's, the one place it is written. */
export const APP_VERSION: string = packageJson.version
