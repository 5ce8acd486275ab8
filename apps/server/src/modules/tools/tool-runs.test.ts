import { describe, expect, it } from 'vitest'
import { ToolRuns } from './tool-runs.ts'

describe('ToolRuns', () => {
  it('lets one run hold an item at a time and frees it at the end', () => {
    const runs = new ToolRuns({ clock: () => 1 })
    const first = runs.begin('item-1')
    expect(first).not.toBeNull()
    expect(runs.begin('item-1')).toBeNull()
    expect(runs.begin('item-2')).not.toBeNull()
    first?.end()
    expect(runs.isBusy('item-1')).toBe(false)
    expect(runs.begin('item-1')).not.toBeNull()
  })

  it('tells whether any item has a run, until the last one ends', () => {
    const runs = new ToolRuns({ clock: () => 1 })
    expect(runs.anyBusy()).toBe(false)
    const a = runs.begin('item-1')
    const b = runs.begin('item-2')
    expect(runs.anyBusy()).toBe(true)
    a?.end()
    expect(runs.anyBusy()).toBe(true)
    b?.end()
    b?.end()
    expect(runs.anyBusy()).toBe(false)
  })

  it('keeps the latest run log, capped to its newest 500 lines', () => {
    let now = 0
    const runs = new ToolRuns({ clock: () => ++now })
    const run = runs.begin('item-1')
    for (let i = 0; i < 510; i++) run?.log('info', `line ${i}`)
    const log = runs.latest('item-1')
    expect(log.lines).toHaveLength(500)
    expect(log.lines[0]?.message).toBe('line 10')
    expect(log.lines.at(-1)).toEqual({ timestamp: 510, level: 'info', message: 'line 509' })
    run?.end()
    runs.begin('item-1')
    expect(runs.latest('item-1').lines).toEqual([])
    expect(runs.latest('unknown')).toEqual({ task: null, lines: [] })
  })
})
