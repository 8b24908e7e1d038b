// The institutional pages (contato, trocas e devoluções, privacidade): one small chunk.
export {
  ContactScreen,
  ExchangesAndReturnsScreen,
  PrivacyPolicyScreen,
} from '../../screens/storefront/Institutional/InstitutionalScreens';
