// Why a request got no usable answer, said plainly, with one fix each. Node names the cause in the
// error's `code` (ECONNREFUSED, ENOTFOUND, a TLS code). A browser's fetch says only "Failed to fetch"
// for all of them, so there a cheap probe finds what can be observed (measured in Chromium 156, from
// the extension's service worker and pages): a `no-cors` GET resolves as soon as anything answers over
// HTTP (even a 403 without CORS headers), fails within milliseconds when nothing does (refused, name
// not found, TLS failure — indistinguishable), and hangs when the address swallows the connection.
import { t } from '../i18n';
import { CheckError } from '../errors';

/** A connection that never got an HTTP answer, by the cause Node names. */
export type NoAnswerCause = 'refused' | 'host-not-found' | 'tls' | 'wrong-protocol' | 'timeout';

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'EPROTO',
]);

/** The cause a Node fetch failure carries in a `code` somewhere down its `cause` chain; null when none is known. */
export function nodeNoAnswerCause(error: unknown): NoAnswerCause | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === 'ECONNREFUSED') return 'refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'host-not-found';
    if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return 'wrong-protocol';
    if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.startsWith('CERT_')) return 'tls';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  }
  return null;
}

function parts(baseUrl: string): { host: string; hostname: string; origin: string; https: boolean } | null {
  try {
    const url = new URL(baseUrl);
    return { host: url.host, hostname: url.hostname, origin: url.origin, https: url.protocol === 'https:' };
  } catch {
    return null;
  }
}

/** The CheckError for a connection that got no HTTP answer, naming the address when it is known. */
export function noAnswerError(cause: NoAnswerCause, baseUrl: string | null, options?: { cause?: unknown; waitedSeconds?: number }): CheckError {
  const at = (baseUrl && parts(baseUrl)) || null;
  const where = at ? at.host : t('theBaseUrl');
  const extra = { cause: options?.cause };
  switch (cause) {
    case 'refused':
      return new CheckError('unreachable', t('errRefused', where), null, extra);
    case 'host-not-found':
      return new CheckError('host-not-found', at ? t('errHostNotFound', at.hostname) : t('errHostNotFoundUnknown'), null, extra);
    case 'wrong-protocol':
      return new CheckError('tls', t('errWrongProtocol', where), null, extra);
    case 'tls':
      return new CheckError('tls', t('errTls', where), null, extra);
    case 'timeout':
      return new CheckError(
        'timeout',
        options?.waitedSeconds ? t('errNoAnswerWithin', where, options.waitedSeconds) : t('errNoAnswer', where),
        null,
        extra,
      );
  }
}

/** What a browser can observe of an address: it answered over HTTP, nothing answered, or it did not answer in time. */
export type ProbeResult = 'answered' | 'no-answer' | 'timeout';

/** How long the probe waits for any answer. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks the address once with a `no-cors` GET (no preflight, no key, nothing read): resolved means
 * something answered over HTTP, whatever its status or CORS headers.
 */
export async function probeAddress(url: string, fetchFn: typeof fetch, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  try {
    await fetchFn(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return 'answered';
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'no-answer';
  }
}

/** Whether a host is this machine (a fast failure there can only be a refused connection). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\./.test(hostname) || hostname === '[::1]';
}

/** Whether a host is written as an address (so no name lookup can fail for it). */
function isAddress(hostname: string): boolean {
  return isLoopback(hostname) || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}

/**
 * In a browser, where nothing answered at all: what is known from the probes, with the fix. An
 * `https://` address that answers as `http://` does not speak HTTPS; with a name, "not found" and
 * "nothing listening" look the same, and the message says both rather than guess.
 */
export async function diagnoseAddress(baseUrl: string, fetchFn: typeof fetch, timeoutMs = PROBE_TIMEOUT_MS): Promise<CheckError | null> {
  const at = parts(baseUrl);
  if (!at) return null;
  const models = `${baseUrl.replace(/\/+$/, '')}/models`;
  const probe = await probeAddress(models, fetchFn, timeoutMs);
  if (probe === 'answered') return null;
  if (probe === 'timeout') return noAnswerError('timeout', baseUrl, { waitedSeconds: Math.round(timeoutMs / 1000) });
  if (at.https) {
    const plain = models.replace(/^https:/i, 'http:');
    if ((await probeAddress(plain, fetchFn, timeoutMs)) === 'answered') return noAnswerError('wrong-protocol', baseUrl);
    return new CheckError(
      'unreachable',
      isAddress(at.hostname) ? t('errNoAnswerHttps', at.origin) : t('errNoAnswerHttpsName', at.origin, at.hostname),
    );
  }
  if (isLoopback(at.hostname)) return noAnswerError('refused', baseUrl);
  return new CheckError('unreachable', isAddress(at.hostname) ? t('errNoAnswerAddress', at.host) : t('errNoAnswerName', at.host, at.hostname));
}
