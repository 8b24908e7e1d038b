export { ContactView, type ContactViewProps } from './ContactView';
export {
  ExchangesAndReturnsView,
  type ExchangesAndReturnsViewProps,
} from './ExchangesAndReturnsView';
export {
  InstitutionalPage,
  InstitutionalSection,
  type InstitutionalPageProps,
  type InstitutionalSectionProps,
} from './InstitutionalPage';
export {
  ContactScreen,
  ExchangesAndReturnsScreen,
  PrivacyPolicyScreen,
} from './InstitutionalScreens';
export { PrivacyPolicyView, type PrivacyPolicyViewProps } from './PrivacyPolicyView';
export { DEMO_STORE_CONTACT, whatsappUrl, type StoreContactInfo } from './storeContact';
