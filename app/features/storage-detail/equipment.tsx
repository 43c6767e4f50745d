// The Equipment tab: ducts, doors, dimensions and notes (storages-and-pretreats.md §2). A zero or
// empty value reads 'Not available': a storage recorded without its measurements has none, not 0.
export const NOT_AVAILABLE = 'Not available'

export interface EquipmentView {
  duct_count: number | null
  duct_size_inches: string | null
  duct_spacing_inches: string | null
  door_type: string | null
  door_count: number | null
  length_feet: string | null
  width_feet: string | null
  notes: string
}

/** A measure with its unit, or 'Not available' for nothing, zero or blank. */
export function measure(value: number | string | null, unit = ''): string {
  if (value === null) return NOT_AVAILABLE
  const text = String(value).trim()
  const n = Number(text)
  if (text === '' || (Number.isFinite(n) && n === 0)) return NOT_AVAILABLE
  return Number.isFinite(n) ? `${n}${unit}` : `${text}${unit}`
}

export function Equipment({ storage }: { storage: EquipmentView }) {
  const rows: [string, string][][] = [
    [
      ['Duct Count', measure(storage.duct_count)],
      ['Duct Size', measure(storage.duct_size_inches, ' in')],
      ['Duct Spacing', measure(storage.duct_spacing_inches, ' in')],
    ],
    [
      ['Door Type', measure(storage.door_type)],
      ['Door Count', measure(storage.door_count)],
    ],
    [
      ['Length', measure(storage.length_feet, ' ft')],
      ['Width', measure(storage.width_feet, ' ft')],
    ],
  ]
  const titles = ['Ducts', 'Doors', 'Dimensions']
  return (
    <div className="equipment">
      {rows.map((group, i) => (
        <section key={titles[i]} className="equipment-group" aria-labelledby={`equipment-${i}`}>
          <h2 id={`equipment-${i}`}>{titles[i]}</h2>
          <dl className="detail-list">
            {group.map(([label, value]) => (
              <div key={label} className="detail-pair">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <section className="equipment-group equipment-notes" aria-labelledby="equipment-notes">
        <h2 id="equipment-notes">Additional Notes</h2>
        <p className="pre-wrap">{measure(storage.notes)}</p>
      </section>
    </div>
  )
}
