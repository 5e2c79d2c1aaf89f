/**
 * Opens the technical-help modal from anywhere (the footer's button, say): the same event as
 * a content link `javascript:afficherConfigurationClient()`. Kept apart from the modal so
 * that importing it costs nothing.
 */
import { runLinkAction } from '../../ui/navigation';

export const CLIENT_CONFIG_ACTION = 'client-config';

export function openClientConfig(): void {
  runLinkAction(CLIENT_CONFIG_ACTION);
}
