// The field builders every form schema is made of, so that every form bounds its input the same way
// in the browser and on the server (docs/decisions/0014-input-bounds.md): text has a
// length cap and no control characters (no NUL anywhere; no CR, LF or tab in one line), numbers are
// plain decimals inside their bounds, ids are whole numbers PostgreSQL can hold, dates are real
// yyyy-mm-dd dates inside DATE_WINDOW.
//
// Each builder reads the field's raw text. conform passes strings through untouched (it only turns
// an empty one into undefined), so a number never goes through conform's `Number(text)`, which
// reads '0x10' as 16, '1e3' as 1000 and ' ' as 0.
import { z } from 'zod'
import { isOrAre, requiredMessage, tooLargeMessage } from '#core/field-messages.ts'
import { DATE_WINDOW_TEXT, formatNumber, hasControlCharacters, isInDateWindow, isIsoDate, roundDecimalText } from '#core/formats.ts'
import { HOURS_MAX, HOURS_STEP } from '#core/service-hours.ts'
import { parseId } from '#core/ids.ts'

/** Schemas made here; fields.unit.test.ts checks that every form field is one of them. */
export const BUILT = new WeakSet<z.ZodType>()
function built<T extends z.ZodType>(schema: T): T {
  BUILT.add(schema)
  return schema
}

/** The highest whole number a field takes by default: PostgreSQL's integer. (Ids go to MAX_SAFE_INTEGER: the ids are bigint.) */
export const INTEGER_MAX = 2_147_483_647
/** Longer than any plain number a person types; a longer text is refused before it is read. */
const NUMBER_TEXT_MAX = 30
const DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)$/
const WHOLE = /^-?\d+$/

interface TextOptions {
  /** at most this many characters (after trimming) */
  max?: number
  /** empty is allowed, and read as '' */
  optional?: boolean
}

function text(label: string, multiLine: boolean, { max = multiLine ? 4000 : 200, optional = false }: TextOptions) {
  const required = requiredMessage(label)
  let schema = z.string({ error: required }).trim()
  if (!optional) schema = schema.min(1, required)
  return schema
    .max(max, `${label} ${isOrAre(label)} too long (at most ${max} characters).`)
    .refine((value) => !hasControlCharacters(value, { multiLine }), multiLine ? `${label} cannot contain control characters.` : `${label} must be one line of text.`)
}

/** A name, a number written by a person, a short answer: one line, trimmed, 200 characters by default. */
export function oneLineText(label: string, options: TextOptions = {}) {
  const schema = built(text(label, false, options))
  return options.optional ? schema.default('') : schema
}

/** Notes, descriptions, comments: line breaks and tabs allowed, trimmed, 4000 characters by default. */
export function multiLineText(label: string, options: TextOptions = {}) {
  const schema = built(text(label, true, options))
  return options.optional ? schema.default('') : schema
}

/** A plain decimal's text rounded half up to `decimals` on its digits ('2377.14295' → 2377.143 at 3). */
function roundedText(value: string, decimals: number): number {
  const [, sign, whole, fraction] = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value) ?? []
  const rounded = roundDecimalText(whole || '0', fraction ?? '', decimals)
  return sign ? -rounded : rounded
}

/** Reads a number from its text with `pattern` (rounded to `decimals` when given); `invalid` is the message for anything else. */
function numberText(required: string, invalid: string, pattern: RegExp, decimals?: number) {
  return z.string({ error: required }).transform((raw, ctx) => {
    const value = raw.trim()
    if (value === '') ctx.addIssue({ code: 'custom', message: required })
    else if (value.length > NUMBER_TEXT_MAX || !pattern.test(value)) ctx.addIssue({ code: 'custom', message: invalid })
    else return decimals === undefined ? Number(value) : roundedText(value, decimals)
    return z.NEVER
  })
}

export interface DecimalBounds {
  min: number
  max: number
  /** the value must be a multiple of it (0.25 for hours, 0.01 for money) */
  step?: number
  /** more decimals than this are rounded (half up, on the digits typed) before the bounds are checked, not refused */
  decimals?: number
}

const onStep = (value: number, step: number) => Math.abs(Math.round(value / step) * step - value) < 1e-9

/**
 * A plain decimal ('12', '1.25', '-3', '.5'); no exponent, hex, 'Infinity' or thousands separator.
 * Either bounds or a rule of the domain that says why a value is refused (e.g. quantityProblem).
 * (The input's min, max and step attributes are the route's to set: conform's getZodConstraint
 * does not read zod 4's number bounds.)
 */
export function decimal(label: string, rule: DecimalBounds | ((value: number) => string | null)) {
  const read = numberText(requiredMessage(label), `${label} must be a number, like 12 or 1.25.`, DECIMAL, typeof rule === 'function' ? undefined : rule.decimals)
  if (typeof rule === 'function') {
    return built(
      read.pipe(
        z.number().superRefine((value, ctx) => {
          const problem = rule(value)
          if (problem) ctx.addIssue({ code: 'custom', message: problem })
        }),
      ),
    )
  }
  const { min, max, step } = rule
  let number = z
    .number()
    .min(min, { message: `${label} must be ${formatNumber(min)} or more.`, abort: true })
    .max(max, { message: tooLargeMessage(label, max), abort: true })
  if (step !== undefined) number = number.refine((value) => onStep(value, step), `${label} must be in steps of ${step}.`)
  return built(read.pipe(number))
}

/**
 * A number written the way the domain reads it (a CWT share with commas, a price with at most 4
 * decimals): the text, capped like any number, is handed to `parse`, whose error is the message.
 */
export function parsedNumber(message: string, parse: (text: string) => { value: number } | { error: string }) {
  return built(
    z.string({ error: message }).transform((raw, ctx) => {
      if (raw.length > NUMBER_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      const read = parse(raw)
      if ('error' in read) {
        ctx.addIssue({ code: 'custom', message: read.error })
        return z.NEVER
      }
      return read.value
    }),
  )
}

/** Hours worked or travelled: 0 or more, in steps of 0.25 (the same rule as hoursProblem). */
export function hours(label: string) {
  return decimal(label, { min: 0, max: HOURS_MAX, step: HOURS_STEP })
}

/** A whole number inside its bounds (by default 0 to INTEGER_MAX). */
export function wholeNumber(label: string, { min = 0, max = INTEGER_MAX }: { min?: number; max?: number } = {}) {
  const read = numberText(requiredMessage(label), `${label} must be a whole number.`, WHOLE)
  return built(
    read.pipe(
      z
        .number()
        .min(min, { message: `${label} must be ${formatNumber(min)} or more.`, abort: true })
        .max(max, tooLargeMessage(label, max)),
    ),
  )
}

/**
 * The id of a record chosen on the page (a hidden field, a select): decimal digits naming a whole
 * number from 1 (core/ids.ts, the one reader of ids); with `none`, also '0' for "none" (the
 * dispatch board's Unassigned lane). Anything else gets `message`, the same as a missing one, since
 * a person never typed it ('Choose a storage.').
 */
export function id(message: string, { none = false }: { none?: boolean } = {}) {
  return built(
    z.string({ error: message }).transform((text, ctx) => {
      const value = none && text === '0' ? 0 : parseId(text)
      if (value !== null) return value
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }),
  )
}

/** A real calendar date, yyyy-mm-dd, inside DATE_WINDOW (as an `<input type="date">` sends it). */
export function date(label: string) {
  const invalid = `${label} must be a valid date.`
  return built(z.string({ error: invalid }).trim().refine(isIsoDate, { message: invalid, abort: true }).refine(isInDateWindow, `${label} must be ${DATE_WINDOW_TEXT}.`))
}

/** A value of a fixed shape, like an intent ('save', 'remove-part:7'): `pattern` must match all of it. */
export function matching(pattern: RegExp, message: string) {
  return built(z.string({ error: message }).regex(pattern, message))
}

/** A uuid made by the page (a submission id). */
export function uuid(message = 'This form is out of date. Please reload the page.') {
  return built(z.uuid({ error: message }))
}
