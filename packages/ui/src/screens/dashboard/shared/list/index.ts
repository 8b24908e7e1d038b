// What the dashboard's list screens share: the URL state's codec, the server page, the saved
// views, the selection across pages, the live news and the CSV export.
export {
  defineListCodec,
  listParam,
  pageVariables,
  savedViewQueries,
  type ListCodec,
  type ListFields,
  type ParamCodec,
  type SavedViewQueries,
} from './listCodec';
export { useListUrlState } from './useListUrlState';
export { useServerList, type ServerList, type ServerPage } from './useServerList';
export { useSavedViews, type SavedViewsDocuments, type SavedViewsProps } from './useSavedViews';
export { useRowsAcrossPages } from './useRowsAcrossPages';
export { useLiveRefresh } from './useLiveRefresh';
export { openDownload, useListExport, type ListExportProps } from './useListExport';
