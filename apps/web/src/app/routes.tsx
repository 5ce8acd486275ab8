import { Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { AccountPage, LoginPage } from '../features/auth/index.ts'
import {
  AuthorPage,
  AuthorsTab,
  BookshelfPage,
  HomePage,
  ItemPage,
  NarratorsPage,
  SeriesPage,
  SeriesTab,
} from '../features/browse/index.ts'
import { CollectionPage, CollectionsTab, PlaylistPage, PlaylistsTab } from '../features/collections/index.ts'
import { LatestEpisodesPage } from '../features/podcasts/index.ts'
import { HomeRedirect, LibraryRoute } from '../features/libraries/index.ts'
import { SearchPage } from '../features/search/index.ts'
import { BareLayout } from './layouts/BareLayout.tsx'
import { ConfigLayout } from './layouts/ConfigLayout.tsx'
import { MainLayout } from './layouts/MainLayout.tsx'
import { NotAvailableYetPage } from './pages/NotAvailableYetPage.tsx'
import { NotFoundPage, RouteErrorPage } from './pages/RouteErrorPage.tsx'
import { PageLoading } from './pages/PageLoading.tsx'
import { RequireAdmin } from './RequireAdmin.tsx'
import { RequireAuth } from './RequireAuth.tsx'
import type { RouteHandle } from './route-names.ts'
import { RootRoute } from './RootRoute.tsx'
import { onDemandPages, type OnDemandPage } from './on-demand-pages.ts'
import { withPrefetch } from './route-prefetch.ts'

/** A route of the spec whose page a later feature builds. */
const later = (path: string, name: string, titleKey: string): RouteObject => ({
  path,
  handle: { name, titleKey } satisfies RouteHandle,
  element: <NotAvailableYetPage />,
})

const handle = (name: string): RouteHandle => ({ name })

/** A route whose page is fetched when first shown (or when a link to it is hovered or focused). */
function onDemand<R extends RouteObject>(route: R, page: OnDemandPage): R {
  const { Component } = page
  const element = (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  )
  return withPrefetch({ ...route, element }, page.preload)
}

/** Every route of spec §2, named as ABS names them (the guard, layout and library-switch rules use the names). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <BareLayout />,
        children: [{ path: 'login', handle: handle('login'), element: <LoginPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { index: true, handle: handle('index'), element: <HomeRedirect /> },
              {
                path: 'library/:libraryId',
                element: <LibraryRoute />,
                children: [
                  { index: true, handle: handle('library-library'), element: <HomePage /> },
                  {
                    path: 'bookshelf',
                    handle: handle('library-library-bookshelf'),
                    element: <BookshelfPage />,
                  },
                  {
                    path: 'bookshelf/series',
                    handle: handle('library-library-bookshelf-id'),
                    element: <SeriesTab />,
                  },
                  {
                    path: 'bookshelf/collections',
                    handle: handle('library-library-bookshelf-id'),
                    element: <CollectionsTab />,
                  },
                  {
                    path: 'bookshelf/playlists',
                    handle: handle('library-library-bookshelf-id'),
                    element: <PlaylistsTab />,
                  },
                  {
                    path: 'bookshelf/authors',
                    handle: handle('library-library-bookshelf-id'),
                    element: <AuthorsTab />,
                  },
                  {
                    path: 'narrators',
                    handle: handle('library-library-narrators'),
                    element: <NarratorsPage />,
                  },
                  later('stats', 'library-library-stats', 'ButtonStats'),
                  {
                    path: 'podcast/latest',
                    handle: {
                      name: 'library-library-podcast-latest',
                      titleKey: 'ButtonLatest',
                    } satisfies RouteHandle,
                    element: <LatestEpisodesPage />,
                  },
                  onDemand(
                    {
                      path: 'podcast/search',
                      handle: {
                        name: 'library-library-podcast-search',
                        titleKey: 'ButtonAdd',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.addPodcast,
                  ),
                  onDemand(
                    {
                      path: 'podcast/download-queue',
                      handle: {
                        name: 'library-library-podcast-download-queue',
                        titleKey: 'ButtonDownloadQueue',
                      } satisfies RouteHandle,
                    },
                    onDemandPages.downloadQueue,
                  ),
                  { path: 'search', handle: handle('library-library-search'), element: <SearchPage /> },
                  {
                    path: 'series/:seriesId',
                    handle: handle('library-library-series-id'),
                    element: <SeriesPage />,
                  },
                ],
              },
              { path: 'item/:id', handle: handle('item-id'), element: <ItemPage /> },
              { path: 'author/:id', handle: handle('author-id'), element: <AuthorPage /> },
              { path: 'collection/:id', handle: handle('collection-id'), element: <CollectionPage /> },
              { path: 'playlist/:id', handle: handle('playlist-id'), element: <PlaylistPage /> },
              onDemand(
                {
                  path: 'upload',
                  handle: { name: 'upload', titleKey: 'ButtonUpload' } satisfies RouteHandle,
                },
                onDemandPages.upload,
              ),
              onDemand({ path: 'batch', handle: handle('batch') }, onDemandPages.batchEdit),
              later('audiobook/:id/manage', 'audiobook-id-manage', 'HeaderManageTools'),
              { path: 'account', handle: handle('account'), element: <AccountPage /> },
              {
                path: 'config',
                element: <ConfigLayout />,
                children: [
                  onDemand(
                    {
                      path: 'stats',
                      handle: { name: 'config-stats', titleKey: 'HeaderYourStats' } satisfies RouteHandle,
                    },
                    onDemandPages.listeningStats,
                  ),
                  {
                    element: <RequireAdmin />,
                    children: [
                      onDemand({ index: true, handle: handle('config') }, onDemandPages.serverSettings),
                      onDemand(
                        { path: 'libraries', handle: handle('config-libraries') },
                        onDemandPages.configLibraries,
                      ),
                      onDemand({ path: 'users', handle: handle('config-users') }, onDemandPages.configUsers),
                      onDemand(
                        { path: 'api-keys', handle: handle('config-api-keys') },
                        onDemandPages.apiKeys,
                      ),
                      onDemand(
                        {
                          path: 'item-metadata-utils/custom-metadata-providers',
                          handle: handle('config-item-metadata-utils-custom-metadata-providers'),
                        },
                        onDemandPages.customProviders,
                      ),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', handle: handle('error'), element: <NotFoundPage /> },
    ],
  },
]
