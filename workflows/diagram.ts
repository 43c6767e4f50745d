// A machine's states and transitions as a drawing, read from its definition (machine.root), so a
// new state or transition appears without code changes. Pure layout: the inspector renders it as
// SVG on the server (app/components/workflow-diagram.tsx), so it shows without JavaScript.
// States stand in a column in definition order; a step to the next state is a straight arrow, a
// step to itself a loop, any other a curve on the right; a step the machine defines on its root
// (taken from any state before the end) enters its target from the left.
import type { AnyStateMachine } from 'xstate'

export interface DiagramState {
  name: string
  x: number
  y: number
  initial: boolean
  final: boolean
}

export interface DiagramEdge {
  from: string | null
  to: string
  /** the events, with their guard when one decides: 'APPROVE [reviewableAt1]' */
  label: string
  path: string
  labelX: number
  labelY: number
  anchor: 'start' | 'end'
}

export interface Diagram {
  width: number
  height: number
  boxWidth: number
  boxHeight: number
  states: DiagramState[]
  edges: DiagramEdge[]
}

/** room on the left for the steps taken from any state (none: a small margin) */
const ANY_STATE_SPACE = 190
const MARGIN = 16
const TOP = 36
const BOX_W = 200
const BOX_H = 36
const GAP = 52
const RIGHT_SPACE = 250

interface Transition {
  from: string | null
  to: string
  event: string
}

function guardName(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type
  return 'guarded'
}

function transitionsOf(machine: AnyStateMachine): (Transition & { guard: string | null })[] {
  const list: (Transition & { guard: string | null })[] = []
  const nodes = [machine.root, ...Object.values(machine.root.states)]
  for (const node of nodes) {
    const from = node === machine.root ? null : node.key
    for (const [event, definitions] of node.transitions) {
      for (const t of definitions) {
        // no target: the state stays (an action only); drawn as a loop on the state itself
        const targets = t.target?.length ? t.target.map((n) => n.key) : from === null ? [] : [from]
        for (const to of targets) list.push({ from, to, event, guard: guardName(t.guard) })
      }
    }
  }
  return list
}

export function machineDiagram(machine: AnyStateMachine): Diagram {
  const transitions = transitionsOf(machine)
  const LEFT = transitions.some((t) => t.from === null) ? ANY_STATE_SPACE : MARGIN
  const names = Object.keys(machine.root.states)
  const index = new Map(names.map((n, i) => [n, i]))
  const initial = machine.root.initial?.target?.[0]?.key
  const yOf = (name: string) => TOP + index.get(name)! * (BOX_H + GAP)
  const right = LEFT + BOX_W
  const states: DiagramState[] = names.map((name) => ({
    name,
    x: LEFT,
    y: yOf(name),
    initial: name === initial,
    final: machine.root.states[name]!.type === 'final',
  }))

  // one edge per (from, to), its events joined
  const grouped = new Map<string, { from: string | null; to: string; labels: string[] }>()
  for (const t of transitions) {
    const key = `${t.from ?? '*'}→${t.to}`
    const label = t.guard ? `${t.event} [${t.guard}]` : t.event
    const edge = grouped.get(key) ?? { from: t.from, to: t.to, labels: [] }
    if (!edge.labels.includes(label)) edge.labels.push(label)
    grouped.set(key, edge)
  }

  let arcs = 0
  const edges: DiagramEdge[] = [...grouped.values()].map(({ from, to, labels }) => {
    const label = labels.join(', ')
    const ty = yOf(to)
    if (from === null) {
      const y = ty + BOX_H / 2
      return { from, to, label: `any state: ${label}`, path: `M ${LEFT - 30} ${y} L ${LEFT} ${y}`, labelX: LEFT - 34, labelY: y + 4, anchor: 'end' }
    }
    const fy = yOf(from)
    if (from === to) {
      const path = `M ${right} ${fy + 8} C ${right + 36} ${fy - 6}, ${right + 36} ${fy + BOX_H + 6}, ${right} ${fy + BOX_H - 8}`
      return { from, to, label, path, labelX: right + 32, labelY: fy + BOX_H / 2 + 4, anchor: 'start' }
    }
    const cx = LEFT + BOX_W / 2
    if (index.get(to)! === index.get(from)! + 1) {
      return { from, to, label, path: `M ${cx} ${fy + BOX_H} L ${cx} ${ty}`, labelX: cx + 8, labelY: fy + BOX_H + GAP / 2 + 4, anchor: 'start' }
    }
    // a step past the next state, or back: a curve on the right, each further out
    const out = right + 60 + 24 * arcs++
    const [sy, ey] = [fy + BOX_H / 2, ty + BOX_H / 2]
    return { from, to, label, path: `M ${right} ${sy} C ${out} ${sy}, ${out} ${ey}, ${right} ${ey}`, labelX: out + 4, labelY: (sy + ey) / 2 + 4, anchor: 'start' }
  })

  return {
    width: right + RIGHT_SPACE + 24 * arcs,
    height: TOP + names.length * (BOX_H + GAP) - GAP + 16,
    boxWidth: BOX_W,
    boxHeight: BOX_H,
    states,
    edges,
  }
}
