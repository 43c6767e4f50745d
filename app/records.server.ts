// Record routes (/view-calls/{id}, /review-editor/{id}…): the id from the URL and the record it
// names, or a 404 — the same answer for "not a number" and "no such record", so ids are not probed.
import type { Params } from '@remix-run/react'
import { notFound } from './http-errors.server.ts'

/** The route parameter `name` as a record id (a positive whole number), or a 404. */
export function requireId(params: Params, name = 'id'): number {
  const text = params[name] ?? ''
  const id = /^\d{1,15}$/.test(text) ? Number(text) : 0
  if (id <= 0) throw notFound()
  return id
}

/** The record a read found, or a 404 when it found none. */
export function requireRecord<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw notFound()
  return record
}
