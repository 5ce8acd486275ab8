import { describe, expect, it } from 'vitest'
import { fileRoutes } from './files.routes.ts'
import { itemEditRoutes } from './item-edit.routes.ts'
import { openApiDocument } from './openapi.ts'

type Operation = { requestBody?: { content: Record<string, { schema: unknown }> } }

describe('the OpenAPI document of multipart routes', () => {
  const doc = openApiDocument(
    [
      { id: 'itemEdit.setCover', route: itemEditRoutes.setCover },
      { id: 'files.upload', route: fileRoutes.upload },
    ],
    { title: 'test', version: '0' },
  ) as { paths: Record<string, Record<string, Operation>> }
  const bodyTypes = (path: string) => Object.keys(doc.paths[path]?.post?.requestBody?.content ?? {}).sort()

  it('describes the JSON body a multipart route also takes (a cover by URL)', () => {
    expect(bodyTypes('/api/items/{id}/cover')).toEqual(['application/json', 'multipart/form-data'])
    expect(
      doc.paths['/api/items/{id}/cover']?.post?.requestBody?.content['application/json']?.schema,
    ).toMatchObject({
      properties: { url: { type: 'string' } },
    })
  })

  it('describes only the multipart form of an upload', () => {
    expect(bodyTypes('/api/upload')).toEqual(['multipart/form-data'])
  })
})
