export { SettingsScreen, SETTINGS_ERROR } from './SettingsScreen';
export { SettingsView, SETTINGS_FORBIDDEN, type SettingsViewProps } from './SettingsView';
export { PixPreviewPanel, type PixPreviewState } from './PixPreviewPanel';
export { PixProviderCard, type PixProviderState } from './PixProviderCard';
