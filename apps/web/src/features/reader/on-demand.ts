/** The reader's on-demand face: fetched on the first open of a book, never with the first load. */
export { EbookReader } from './components/EbookReader.tsx'
