/** A row of big figures with their labels (a description list, so each figure is read with its name). */
export function StatTiles({
  tiles,
  testId = 'stats-tile',
}: {
  tiles: [label: string, value: string][]
  testId?: string
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-2xl border border-border bg-surface p-4">
          <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
          <dd className="mt-1 truncate text-2xl font-bold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
