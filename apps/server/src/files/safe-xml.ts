import { XMLParser } from 'fast-xml-parser'

/**
 * The one way untrusted XML (feeds, OPML, OPF/NFO metadata) is parsed: entities are never expanded, so a
 * billion-laughs or external-entity DTD does nothing; attributes are kept as `@_name`; values stay text;
 * nesting is bounded. Callers choose whether namespace prefixes stay (`itunes:image` is not `image`) and
 * which elements always read as arrays.
 */
export function safeXmlParser(options: {
  removeNSPrefix: boolean
  isArray?: (name: string) => boolean
}): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: options.removeNSPrefix,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    maxNestedTags: 64,
    cdataPropName: false,
    ...(options.isArray ? { isArray: options.isArray } : {}),
  })
}
