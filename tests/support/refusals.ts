// What a command or query refused with, for tests that look into the refusal: it fails the test when
// the work succeeds or fails otherwise.
import { expect } from 'vitest'
import { InputError } from '#core/errors.ts'

export async function refusedWith<E extends Error>(work: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(kind)
  return error as E
}

/** The field messages of the InputError `work` was refused with. */
export const refusedFields = async (work: Promise<unknown>): Promise<Record<string, string>> => (await refusedWith(work, InputError)).fieldErrors
