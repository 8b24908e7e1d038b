export { InvitationAcceptScreen } from './InvitationAcceptScreen';
export {
  InvitationAcceptView,
  type InvitationAcceptStatus,
  type InvitationAcceptValues,
  type InvitationAcceptViewProps,
} from './InvitationAcceptView';
export {
  acceptInvitation,
  checkInvitation,
  InvitationError,
  type InvitationDetails,
} from './invitationApi';
