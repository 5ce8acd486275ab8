import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DescriptionNode } from './description.ts'

/**
 * Draws a sanitised description tree (`parseDescription`) as React elements, never as HTML. Links open in a
 * new tab without access to this page; with `onTimestamp`, time stamps are buttons that call it with their
 * second (an episode's description), otherwise plain text.
 */
export function RichText({
  nodes,
  onTimestamp,
  testId = 'episode-description',
}: {
  nodes: readonly DescriptionNode[]
  onTimestamp?: (seconds: number) => void
  testId?: string
}) {
  const { t } = useTranslation()
  const draw = (list: readonly DescriptionNode[], prefix: string): ReactNode[] =>
    list.map((node, index) => {
      const key = `${prefix}${index}`
      switch (node.kind) {
        case 'text':
          return node.text
        case 'br':
          return <br key={key} />
        case 'timestamp':
          if (!onTimestamp) return node.text
          return (
            <button
              key={key}
              type="button"
              onClick={() => onTimestamp(node.seconds)}
              aria-label={t('ButtonPlayFromTime', { time: node.text })}
              className="font-mono text-primary tabular-nums hover:underline"
              data-testid="episode-timestamp"
              data-seconds={node.seconds}
            >
              {node.text}
            </button>
          )
        case 'link':
          return (
            <a
              key={key}
              href={node.href}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary underline-offset-2 hover:underline"
            >
              {draw(node.children, `${key}.`)}
            </a>
          )
        case 'p':
          return (
            <div key={key} className="mb-3 last:mb-0">
              {draw(node.children, `${key}.`)}
            </div>
          )
        case 'strong':
          return <strong key={key}>{draw(node.children, `${key}.`)}</strong>
        case 'em':
          return <em key={key}>{draw(node.children, `${key}.`)}</em>
        case 'ul':
          return (
            <ul key={key} className="mb-3 list-disc ps-6">
              {draw(node.children, `${key}.`)}
            </ul>
          )
        case 'ol':
          return (
            <ol key={key} className="mb-3 list-decimal ps-6">
              {draw(node.children, `${key}.`)}
            </ol>
          )
        case 'li':
          return <li key={key}>{draw(node.children, `${key}.`)}</li>
      }
    })
  return (
    // A description reads in its own direction (an English one stays LTR in a Hebrew UI).
    <div dir="auto" className="text-sm leading-relaxed break-words text-fg/90" data-testid={testId}>
      {draw(nodes, '')}
    </div>
  )
}
