import { browser } from 'wxt/browser';
import { createSend } from '../messages';
import { t } from './i18n';

/** Sends a request to the service worker from an extension page; the reply's type follows the request's (lib/messages.ts). */
export const send = createSend((message) => browser.runtime.sendMessage(message), t('workerNoAnswer'));
