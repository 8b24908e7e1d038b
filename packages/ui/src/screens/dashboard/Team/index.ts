export { TEAM_ERROR, TeamScreen, type TeamScreenProps } from './TeamScreen';
export {
  OWN_ROW_REASON,
  TEAM_FORBIDDEN,
  TeamView,
  type TeamFilters,
  type TeamViewProps,
} from './TeamView';
export {
  AccessDialog,
  ActiveDialog,
  InviteDialog,
  deactivateWarning,
  type AccessValues,
  type InviteValues,
  type TeamActionError,
} from './TeamDialogs';
