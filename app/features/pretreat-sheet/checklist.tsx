// The Final Checklist (spec §3, §5): 13 yes/no items, the purge time when purged, the barrel
// temperature. Its own form and post (intent=checklist); read back from final_checklists.
import type { FinalChecklistItem } from '#core/enums.ts'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { BARREL_TEMP_MAX, PURGE_MINUTES_MAX } from '#core/schemas/pretreat-sheet.ts'
import { NumberInput, YesNo, type FieldContext } from './sheet-fields.tsx'

export const CHECKLIST_LABELS: Record<FinalChecklistItem, string> = {
  inverter: 'Inverter',
  wires: 'Wires',
  coils: 'Coils',
  residue: 'Residue',
  covers: 'Covers',
  fan_direction: 'Fan Direction',
  system_run: 'System Run (the system must run at least 5 minutes)',
  purge: 'Purge',
  panel: 'Panel',
  instructions: 'Instructions',
  tools: 'Tools',
  lights: 'Lights',
  storage: 'Storage',
}

export function ChecklistFields({ ctx }: { ctx: FieldContext }) {
  return (
    <div className="checklist">
      <div className="checklist__items">
        {FINAL_CHECKLIST_ITEMS.map((item) => (
          <YesNo key={item} ctx={ctx} name={item} label={CHECKLIST_LABELS[item]} />
        ))}
      </div>
      <div className="form-section">
        <NumberInput ctx={ctx} name="purge_time" label="Purge Time (minutes)" min={1} max={PURGE_MINUTES_MAX} step={1} unit="min" hint="Required when Purge is Yes." />
        <NumberInput ctx={ctx} name="barrel_temp" label="Barrel Temperature (°F)" min={0.01} max={BARREL_TEMP_MAX} step={0.01} unit="°F" />
      </div>
    </div>
  )
}
