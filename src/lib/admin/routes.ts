/** Routes of /api/admin/** (route.ts): the admin dashboard's, all for admins only. */
import type { z } from 'astro/zod';
import { route } from '../http/route.ts';
import type {
  ActiveImport, AddedTitle, AdminCount, AdminList, AdminListRequest, AdminMessage, AdminRequestRow, AdminSeasonView, AdminTitleRow,
  AnalyticsSummary, DeleteTitlesRequest, EpisodeLinksUploaded, EpisodesRequest, EpisodeUpdateRequest, IdRequest, ImportJob,
  MovieLinksRequest, PublishRequest, RebuildRequest, RebuildState, RestoreDone, RestoreRequest, ShowEditRequest, UploadLinksRequest,
  UseTmdbRequest, AddTitleRequest, BulkImportBody, StartSyncBody, SyncStatus,
} from './contract.ts';
import type { AnalyticsQuery } from '../analytics/contract.ts';
import type { SecurityStatus } from '../accounts/contract.ts';
import type { BackupDocument } from '../backup/contract.ts';
import type { CLIENT_TITLE_KINDS, ContentType } from '../titles/client/content-types.ts';

type AdminPath = (typeof CLIENT_TITLE_KINDS)[ContentType]['adminPath'];

/** What /api/admin/movies and /api/admin/tv each serve, with the add and bulk import routes of the same kind. */
const titleRoutes = (adminPath: AdminPath) => ({
  list: route<{ query: AdminListRequest; answer: AdminList<AdminTitleRow> }>()({
    method: 'GET', path: `/api/admin/${adminPath}`, access: 'admin',
  }),
  publish: route<{ body: PublishRequest; answer: AdminCount }>()({ method: 'PATCH', path: `/api/admin/${adminPath}`, access: 'admin' }),
  delete: route<{ body: DeleteTitlesRequest; answer: AdminCount }>()({ method: 'DELETE', path: `/api/admin/${adminPath}`, access: 'admin' }),
  add: route<{ body: AddTitleRequest; answer: AddedTitle }>()({ method: 'POST', path: `/api/admin/${adminPath}/add`, access: 'admin' }),
  startImport: route<{ body: z.input<typeof BulkImportBody>; answer: ImportJob }>()({
    method: 'POST', path: `/api/admin/import/${adminPath}`, access: 'admin', status: 202,
  }),
});

export const adminRoutes = {
  /** By content type: `adminRoutes.titles[kind].list`. */
  titles: { movie: titleRoutes('movies'), tv: titleRoutes('tv') } satisfies Record<ContentType, ReturnType<typeof titleRoutes>>,
  editMovieLinks: route<{ body: MovieLinksRequest; answer: AdminMessage }>()({ method: 'PATCH', path: '/api/admin/movies/links', access: 'admin' }),
  editShow: route<{ body: ShowEditRequest; answer: AdminMessage }>()({ method: 'PATCH', path: '/api/admin/tv/show', access: 'admin' }),
  /** "Use TMDB's": a field of a show or an episode handed back to TMDB, or a deleted episode of TMDB's brought back. */
  useTmdb: route<{ body: UseTmdbRequest; answer: AdminMessage }>()({ method: 'POST', path: '/api/admin/tv/use-tmdb', access: 'admin' }),
  seasonEpisodes: route<{ query: EpisodesRequest; answer: AdminSeasonView }>()({ method: 'GET', path: '/api/admin/tv/episodes', access: 'admin' }),
  editEpisode: route<{ body: EpisodeUpdateRequest; answer: AdminMessage }>()({ method: 'PATCH', path: '/api/admin/tv/episodes', access: 'admin' }),
  deleteEpisode: route<{ body: IdRequest; answer: AdminMessage }>()({ method: 'DELETE', path: '/api/admin/tv/episodes', access: 'admin' }),
  uploadEpisodeLinks: route<{ body: UploadLinksRequest; answer: EpisodeLinksUploaded }>()({
    method: 'POST', path: '/api/admin/tv/upload-episode-links', access: 'admin',
  }),
  activeImport: route<{ answer: ActiveImport }>()({ method: 'GET', path: '/api/admin/import/jobs', access: 'admin' }),
  importJob: route<{ params: { id: number }; answer: ImportJob }>()({ method: 'GET', path: '/api/admin/import/jobs/[id]', access: 'admin' }),
  requests: route<{ query: AdminListRequest; answer: AdminList<AdminRequestRow> }>()({
    method: 'GET', path: '/api/admin/requests', access: 'admin',
  }),
  deleteRequest: route<{ body: IdRequest; answer: AdminMessage }>()({ method: 'DELETE', path: '/api/admin/requests', access: 'admin' }),
  analytics: route<{ query: z.input<typeof AnalyticsQuery>; answer: AnalyticsSummary }>()({
    method: 'GET', path: '/api/admin/analytics', access: 'admin',
  }),
  backup: route<{ answer: BackupDocument }>()({ method: 'GET', path: '/api/admin/backup', access: 'admin' }),
  /** The body is a backup file's JSON, as the admin picked it: the server checks it (src/lib/backup/restore.ts). */
  restore: route<{ query: RestoreRequest; body: unknown; answer: RestoreDone }>()({
    method: 'POST', path: '/api/admin/restore', access: 'admin',
  }),
  rebuildStatus: route<{ answer: RebuildState }>()({ method: 'GET', path: '/api/admin/rebuild', access: 'admin' }),
  requestRebuild: route<{ body: RebuildRequest; answer: RebuildState }>()({
    method: 'POST', path: '/api/admin/rebuild', access: 'admin', status: 202,
  }),
  securityStatus: route<{ answer: SecurityStatus }>()({ method: 'GET', path: '/api/admin/security', access: 'admin' }),
  syncStatus: route<{ answer: SyncStatus }>()({ method: 'GET', path: '/api/admin/sync', access: 'admin' }),
  startSync: route<{ body: z.input<typeof StartSyncBody>; answer: SyncStatus }>()({
    method: 'POST', path: '/api/admin/sync', access: 'admin', status: 202,
  }),
};
