// A workflow machine drawn as SVG (layout: workflows/diagram.ts, read from the machine's
// definition), with the record's current state highlighted. Rendered on the server like the rest
// of the page, so it shows without JavaScript.
import type { Diagram } from '#workflows/diagram.ts'

export function WorkflowDiagram({ diagram, current, title }: { diagram: Diagram; current: string; title: string }) {
  const { width, height, boxWidth: w, boxHeight: h } = diagram
  return (
    // drawn at its own size, scrolled sideways on a phone rather than shrunk past reading
    <figure className="workflow-diagram" style={{ margin: 0, overflowX: 'auto' }}>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-labelledby="workflow-diagram-title">
        <title id="workflow-diagram-title">{`${title}: current state ${current}`}</title>
        <defs>
          <marker id="workflow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {diagram.edges.map((e) => (
          <g key={`${e.from ?? '*'}-${e.to}`} className="workflow-edge">
            <path d={e.path} fill="none" stroke="currentColor" strokeWidth="1.4" markerEnd="url(#workflow-arrow)" />
            <text x={e.labelX} y={e.labelY} textAnchor={e.anchor} fontSize="12" fill="currentColor">
              {e.label}
            </text>
          </g>
        ))}
        {diagram.states.map((s) => {
          const isCurrent = s.name === current
          return (
            <g key={s.name} className={isCurrent ? 'workflow-state workflow-state-current' : 'workflow-state'} data-state={s.name} aria-current={isCurrent ? 'step' : undefined}>
              {s.initial ? (
                <>
                  <circle cx={s.x + w / 2} cy={s.y - 24} r="5" fill="currentColor" />
                  <path d={`M ${s.x + w / 2} ${s.y - 19} L ${s.x + w / 2} ${s.y}`} stroke="currentColor" strokeWidth="1.4" markerEnd="url(#workflow-arrow)" />
                </>
              ) : null}
              <rect x={s.x} y={s.y} width={w} height={h} rx="8" fill={isCurrent ? '#1d4ed8' : '#ffffff'} stroke={isCurrent ? '#1d4ed8' : '#475569'} strokeWidth={isCurrent ? 3 : 1.4} />
              {s.final ? <rect x={s.x + 4} y={s.y + 4} width={w - 8} height={h - 8} rx="6" fill="none" stroke={isCurrent ? '#ffffff' : '#475569'} strokeWidth="1" /> : null}
              <text x={s.x + w / 2} y={s.y + h / 2 + 5} textAnchor="middle" fontSize="14" fontWeight={isCurrent ? 700 : 400} fill={isCurrent ? '#ffffff' : '#0f172a'}>
                {isCurrent ? `${s.name} (current)` : s.name}
              </text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
