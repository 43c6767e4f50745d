// The sheet's own sections, shown once the pre-treat is assigned: Pile, Storage and Outdoor
// Conditions, Equipment Info and Times (spec §2 "Application sheet"). Field names are the
// pretreats columns (core/schemas/pretreat-sheet.ts), kept stable for the offline drafts.
import { BYPASS_DOOR, DUCT_CONDITIONS, DUCTS_OPEN, PILE_DRYNESS, SPROUTING, WEATHER, WIND_DIRECTIONS } from '#core/enums.ts'
import { TEMPERATURE_RANGE, WIND_SPEED_MAX } from '#core/schemas/pretreat-sheet.ts'
import type { TruckOptions } from './sheet-view.server.ts'
import { Choice, NumberInput, TextArea, TextInput, YES_NO_OPTIONS, type FieldContext } from './sheet-fields.tsx'

const POSITIONS = [
  ['front', 'Front'],
  ['middle', 'Middle'],
  ['back', 'Back'],
] as const

function Temp({ ctx, name, label, short }: { ctx: FieldContext; name: string; label: string; short?: string }) {
  return <NumberInput ctx={ctx} name={name} label={label} short={short} min={TEMPERATURE_RANGE.min} max={TEMPERATURE_RANGE.max} step={0.01} unit="°F" />
}

/** Front, middle and back side by side, even on a phone, under one legend. */
function Trio({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="trio">
      <legend>{legend}</legend>
      <div className="trio__fields">{children}</div>
    </fieldset>
  )
}

function Temps({ ctx, legend, label, prefix }: { ctx: FieldContext; legend: string; label: string; prefix: string }) {
  return (
    <Trio legend={legend}>
      {POSITIONS.map(([pos, name]) => (
        <Temp key={pos} ctx={ctx} name={`${prefix}_${pos}`} label={`${label} ${name} (°F)`} short={name} />
      ))}
    </Trio>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="sheet-section" aria-labelledby={`pt-${id}`}>
      <h2 id={`pt-${id}`}>{title}</h2>
      <div className="form-section">{children}</div>
    </section>
  )
}

export function SheetConditions({ ctx, trucks }: { ctx: FieldContext; trucks: TruckOptions }) {
  return (
    <>
      <Section id="pile" title="Pile Conditions">
        <Trio legend="Pile">
          {POSITIONS.map(([pos, label]) => (
            <Choice key={pos} ctx={ctx} name={`pile_${pos}`} label={`Pile ${label}`} short={label} options={PILE_DRYNESS} />
          ))}
        </Trio>
        <Choice ctx={ctx} name="sprouting" label="Sprouting" options={SPROUTING} />
        <Temps ctx={ctx} legend="Pile Temps 1 (°F)" label="Pile Temp 1" prefix="temps1" />
        <Temps ctx={ctx} legend="Pile Temps 2 (°F)" label="Pile Temp 2" prefix="temps2" />
        <TextArea ctx={ctx} name="pile_comments" label="Pile Comments" />
      </Section>

      <Section id="storage" title="Storage Conditions">
        <Temp ctx={ctx} name="set_point" label="Set Point (°F)" />
        <Choice ctx={ctx} name="ducts_open" label="Ducts Open" options={DUCTS_OPEN} />
        <TextInput ctx={ctx} name="ducts_open_other" label="Ducts Open (Other)" hint="When Other: which ducts are open." />
        <Choice ctx={ctx} name="ducts_condition" label="Duct Condition" options={DUCT_CONDITIONS} />
        <Temps ctx={ctx} legend="Storage Temps (°F)" label="Storage Temp" prefix="storage_temp" />
        <Choice ctx={ctx} name="bypass_door" label="Bypass Door" options={BYPASS_DOOR} />
        <Choice ctx={ctx} name="coils_covered" label="Coils Covered" options={YES_NO_OPTIONS} />
        <Choice ctx={ctx} name="cell_covered" label="Cell Covered" options={YES_NO_OPTIONS} />
      </Section>

      <Section id="outdoor" title="Outdoor Conditions">
        <Temp ctx={ctx} name="env_temp" label="Temperature (°F)" />
        <Choice ctx={ctx} name="weather" label="Weather" options={WEATHER} />
        <NumberInput ctx={ctx} name="wind_speed" label="Wind Speed (mph)" min={0} max={WIND_SPEED_MAX} step={0.01} unit="mph" />
        <Choice ctx={ctx} name="wind_direction" label="Wind Direction" options={WIND_DIRECTIONS} />
        <TextArea ctx={ctx} name="env_comments" label="Outdoor Comments" />
      </Section>

      <Section id="equipment" title="Equipment Info">
        <Choice ctx={ctx} name="truck_id" label="Truck" options={trucks.map((t) => ({ value: String(t.id), label: [t.number, t.make, t.model].filter(Boolean).join(' ') }))} />
        <TextInput ctx={ctx} name="batch_numbers" label="Batch Numbers" maxLength={500} />
        <TextInput ctx={ctx} name="sampled_by" label="Sampled By" />
      </Section>

      <Section id="times" title="Times">
        <TextInput ctx={ctx} name="application_date" label="Application Date" type="date" />
        <TextInput ctx={ctx} name="start_time" label="Start Time" type="time" />
        <TextInput ctx={ctx} name="stop_time" label="Stop Time" type="time" />
      </Section>
    </>
  )
}
