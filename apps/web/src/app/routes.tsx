import type { RouteObject } from 'react-router'
import { AccountPage, LoginPage } from '../features/auth/index.ts'
import { ConfigApiKeysPage } from '../features/config-api-keys/index.ts'
import { ConfigLibrariesPage } from '../features/config-libraries/index.ts'
import { CustomProvidersPage } from '../features/config-metadata-providers/index.ts'
import { ConfigUsersPage } from '../features/config-users/index.ts'
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
import { AddPodcastPage, DownloadQueuePage, LatestEpisodesPage } from '../features/podcasts/index.ts'
import { HomeRedirect, LibraryRoute } from '../features/libraries/index.ts'
import { SearchPage } from '../features/search/index.ts'
import { ListeningStatsPage } from '../features/stats/index.ts'
import { BatchEditPage } from '../features/selection/index.ts'
import { UploadPage } from '../features/upload/index.ts'
import { ServerSettingsPage } from '../features/settings/index.ts'
import { BareLayout } from './layouts/BareLayout.tsx'
import { ConfigLayout } from './layouts/ConfigLayout.tsx'
import { MainLayout } from './layouts/MainLayout.tsx'
import { NotAvailableYetPage } from './pages/NotAvailableYetPage.tsx'
import { NotFoundPage, RouteErrorPage } from './pages/RouteErrorPage.tsx'
import { RequireAdmin } from './RequireAdmin.tsx'
import { RequireAuth } from './RequireAuth.tsx'
import type { RouteHandle } from './route-names.ts'
import { RootRoute } from './RootRoute.tsx'

/** A route of the spec whose page a later feature builds. */
const later = (path: string, name: string, titleKey: string): RouteObject => ({
  path,
  handle: { name, titleKey } satisfies RouteHandle,
  element: <NotAvailableYetPage />,
})

const handle = (name: string): RouteHandle => ({ name })

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
                  {
                    path: 'podcast/search',
                    handle: {
                      name: 'library-library-podcast-search',
                      titleKey: 'ButtonAdd',
                    } satisfies RouteHandle,
                    element: <AddPodcastPage />,
                  },
                  {
                    path: 'podcast/download-queue',
                    handle: {
                      name: 'library-library-podcast-download-queue',
                      titleKey: 'ButtonDownloadQueue',
                    } satisfies RouteHandle,
                    element: <DownloadQueuePage />,
                  },
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
              {
                path: 'upload',
                handle: { name: 'upload', titleKey: 'ButtonUpload' } satisfies RouteHandle,
                element: <UploadPage />,
              },
              { path: 'batch', handle: handle('batch'), element: <BatchEditPage /> },
              later('audiobook/:id/manage', 'audiobook-id-manage', 'HeaderManageTools'),
              { path: 'account', handle: handle('account'), element: <AccountPage /> },
              {
                path: 'config',
                element: <ConfigLayout />,
                children: [
                  {
                    path: 'stats',
                    handle: { name: 'config-stats', titleKey: 'HeaderYourStats' } satisfies RouteHandle,
                    element: <ListeningStatsPage />,
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      { index: true, handle: handle('config'), element: <ServerSettingsPage /> },
                      {
                        path: 'libraries',
                        handle: handle('config-libraries'),
                        element: <ConfigLibrariesPage />,
                      },
                      { path: 'users', handle: handle('config-users'), element: <ConfigUsersPage /> },
                      {
                        path: 'api-keys',
                        handle: handle('config-api-keys'),
                        element: <ConfigApiKeysPage />,
                      },
                      {
                        path: 'item-metadata-utils/custom-metadata-providers',
                        handle: handle('config-item-metadata-utils-custom-metadata-providers'),
                        element: <CustomProvidersPage />,
                      },
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
