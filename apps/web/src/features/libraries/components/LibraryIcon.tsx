import { Icon, type IconName } from '@/components/ui/index.ts'

/** The spec's library icon names drawn with our icon set. */
const iconFor: Record<string, IconName> = {
  database: 'database',
  audiobookshelf: 'headphones',
  'books-1': 'library',
  'books-2': 'library',
  'book-1': 'book',
  'microphone-1': 'narrators',
  'microphone-3': 'narrators',
  radio: 'radio',
  podcast: 'podcast',
  rss: 'rss',
  headphones: 'headphones',
  music: 'music',
  'file-picture': 'image',
  rocket: 'rocket',
  power: 'power',
  star: 'star',
  heart: 'heart',
}

export function LibraryIcon({ icon, className }: { icon: string; className?: string }) {
  return <Icon name={iconFor[icon] ?? 'database'} className={className} />
}
