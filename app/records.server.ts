// Record routes (/view-calls/{id}, /review-editor/{id}…): the id from the URL and the record it
// names, or a 404 — the same answer for "not a number" and "no such record", so ids are not probed.
// A detail modal's loader is one call: `loadRecord(args, access, (id) => read(db, id))`, and its
// component a RecordModal (app/components/modal.tsx); copy app/routes/view-service.$id.tsx.
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Params } from '@remix-run/react'
import type { Access } from './access.ts'
import { requireAccess } from './auth/guard.server.ts'
import { notFound } from './http-errors.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { parseId } from '#core/ids.ts'

/** The route parameter `name` as a record id (a positive whole number), or null (JSON routes answer their own 404). */
export function idOf(params: Params, name = 'id'): number | null {
  return parseId(params[name])
}

/** The route parameter `name` as a record id, or a 404. */
export function requireId(params: Params, name = 'id'): number {
  const id = idOf(params, name)
  if (id === null) throw notFound()
  return id
}

/** The record a read found, or a 404 when it found none. */
export function requireRecord<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw notFound()
  return record
}

/**
 * A record route's loader: the screen's rule first (403 before anything is read, so a refused user
 * learns nothing about which ids exist), then the URL's id, then what `read` finds for it, or a 404.
 * `read` gets the user for what depends on them (e.g. whether they may make a sheet from a call).
 */
export async function loadRecord<T>(
  { request, params }: Pick<LoaderFunctionArgs, 'request' | 'params'>,
  access: Access,
  read: (id: number, user: SessionUser) => Promise<T | null | undefined>,
): Promise<T> {
  const user = await requireAccess(request, access)
  return requireRecord(await read(requireId(params), user))
}
