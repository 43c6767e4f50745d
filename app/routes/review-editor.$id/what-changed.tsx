// What the previous level's reviewer changed (levels 2 and 3), one sentence per change.
import { previousLevelChanges, previousLevelPartChange, type PartLineChange, type ValueChange } from '#core/service-hours.ts'
import type { DetailsChange } from '#db/queries/service-reviews.ts'
import type { LoaderData } from './data.server.ts'

const place = (p: DetailsChange['from']) => `${p.company}, ${p.storage}, ${p.job ? `job ${p.job}` : 'no job'}`

export function detailsSentence(d: Pick<DetailsChange, 'from' | 'to'>): string {
  return `The service details changed from ${place(d.from)} to ${place(d.to)}.`
}

export function valueSentence(v: ValueChange): string {
  return `${v.label} changed from ${v.from} to ${v.to}.`
}

/** "Part FAN-BLT-B75 was added and marked non-chargeable." */
export function partSentence(partNumber: string, change: PartLineChange): string {
  const what = [
    change.added ? 'was added' : null,
    change.nc ? (change.nc.to ? 'was marked non-chargeable' : 'is no longer non-chargeable') : null,
    change.removal ? (change.removal.to ? 'was marked for removal' : 'is no longer marked for removal') : null,
  ].filter(Boolean)
  const list = what.length > 1 ? `${what.slice(0, -1).join(', ')} and ${what.at(-1)}` : what[0]
  return `Part ${partNumber} ${list}.`
}

export function WhatChanged({ data }: { data: LoaderData }) {
  const level = data.review.review_level
  if (level === 1) return null
  const prev = level - 1
  const sentences = [
    ...data.detailsChanges.map(detailsSentence),
    ...previousLevelChanges(data.sheet.hours, level).map(valueSentence),
    ...data.parts.flatMap((line) => {
      const change = previousLevelPartChange(line, level)
      return change ? [partSentence(line.part_number, change)] : []
    }),
  ]
  return (
    <section className="what-changed" aria-labelledby="changed-heading">
      <h2 id="changed-heading">What level {prev} changed</h2>
      {sentences.length === 0 ? (
        <p>Level {prev} changed nothing.</p>
      ) : (
        <ul>
          {sentences.map((sentence, i) => (
            <li key={i}>{sentence}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
